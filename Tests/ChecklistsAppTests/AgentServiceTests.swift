import Foundation
import ReminderAgent
import Testing

/// Where `agent install` writes the systemd unit (`AgentService.unitPath`).
@Suite struct AgentServiceTests {
    func unitPath(_ environment: [String: String]) -> String {
        AgentService(home: "/data", environment: environment, binary: "/bin/checklists").unitPath
    }

    @Test func theUnitGoesUnderTheConfigDirectory() {
        #expect(unitPath(["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/systemd/user/checklists-agent.service")
        #expect(unitPath(["HOME": "/h"]) == "/h/.config/systemd/user/checklists-agent.service")
        #expect(
            unitPath(["XDG_CONFIG_HOME": "rel", "HOME": "/h"]) == "/h/.config/systemd/user/checklists-agent.service")
    }

    @Test func anEmptyOrRelativeHomeIsPassedOverForTheAccountsHome() throws {
        // As for the data directory: the unit used to go under the working directory
        // (relative/.config) or, for an empty HOME, into /.config — where no user manager looks.
        let account = String(cString: try #require(getpwuid(getuid())?.pointee.pw_dir))
        for home in ["", "relative", "./here", "~"] {
            #expect(
                unitPath(["HOME": home, "XDG_CONFIG_HOME": ""])
                    == account + "/.config/systemd/user/checklists-agent.service", "HOME=\(home)")
        }
    }
}
