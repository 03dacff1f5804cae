import Foundation
import Testing

@testable import Sodium

@Suite struct SodiumTests {
    /// The short digest names files and keyring entries that earlier versions created
    /// (`auth-state-ID.json`, `checklists:data-key:UID:ID`): it must not change.
    @Test func shortDigestIsTheLowerCaseHexOfTheHashPrefix() {
        for input in ["", "/home/me/.local/share/checklists", "数据"] {
            let bytes = Array(input.utf8)
            let old = Sodium.hash(bytes).prefix(8).map { String(format: "%02x", $0) }.joined()
            #expect(Sodium.shortDigest(bytes) == old)
            #expect(Sodium.shortDigest(bytes).count == 16)
        }
        #expect(Sodium.shortDigest([1, 2, 3], count: 2).count == 4)
    }
}
