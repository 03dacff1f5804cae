import ChecklistsApp
import Foundation
import Testing

/// Where the data lives when no `--home` is given (`AppSession.Configuration.home`).
@Suite struct DataDirectoryTests {
    func directory(_ environment: [String: String]) -> String {
        AppSession.Configuration.home(environment: environment)
    }

    @Test func theVariablesAreTakenInOrder() {
        #expect(directory(["CHECKLISTS_HOME": "/c", "XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/c")
        #expect(directory(["XDG_DATA_HOME": "/x", "HOME": "/h"]) == "/x/checklists")
        #expect(directory(["XDG_DATA_HOME": "relative", "HOME": "/h"]) == "/h/.local/share/checklists")
    }

    @Test func anEmptyOrRelativeHomeIsPassedOverForTheAccountsHome() throws {
        // Each used to be taken as it was: the data went under the working directory (a store
        // per folder) or, for an empty HOME, into /.local/share/checklists.
        let account = String(cString: try #require(getpwuid(getuid())?.pointee.pw_dir))
        for home in ["", "relative", "./here", "~"] {
            #expect(directory(["HOME": home]) == account + "/.local/share/checklists", "HOME=\(home)")
        }
        #expect(directory([:]) == account + "/.local/share/checklists")
    }
}
