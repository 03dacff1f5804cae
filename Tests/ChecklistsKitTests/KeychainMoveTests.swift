import ChecklistsKit
import Foundation
import Keychain
import Testing

/// `keychain use` stopped after any step (as SIGKILL would stop it) leaves every item readable
/// in the backend the setting names.
@Suite struct KeychainMoveTests {
    /// A memory keychain whose writes and deletes count down a shared budget; at zero the
    /// "process dies": that step and every later one throw.
    final class Dying: KeychainBackend, @unchecked Sendable {
        let inner = MemoryKeychain()
        let budget: Budget
        let name: String
        init(_ name: String, budget: Budget) {
            self.name = name
            self.budget = budget
        }
        func read(service: String, key: String) throws(KeychainError) -> KeychainRecord? {
            try inner.read(service: service, key: key)
        }
        func write(_ record: KeychainRecord, service: String, key: String) throws(KeychainError) {
            try budget.spend()
            try inner.write(record, service: service, key: key)
        }
        func delete(service: String, key: String) throws(KeychainError) -> Bool {
            try budget.spend()
            return try inner.delete(service: service, key: key)
        }
        func keys(service: String) throws(KeychainError) -> Set<String> { try inner.keys(service: service) }
    }

    final class Budget: @unchecked Sendable {
        var left: Int
        init(_ left: Int) { self.left = left }
        func spend() throws(KeychainError) {
            guard left > 0 else { throw KeychainError.backend("killed") }
            left -= 1
        }
    }

    let items = KeyItems(storeID: "mine")
    let contents: [String: Data] = [
        "DataKey.mine": Data(repeating: 7, count: 32), "SecretMessage": Data("marker".utf8),
        "Greeting": Data("hi".utf8),
    ]

    @Test func aKillAfterAnyStepLeavesEveryItemWhereTheSettingPoints() throws {
        var step = 0
        var finished = false
        while !finished {
            let budget = Budget(.max)
            let source = Dying("source", budget: budget)
            let target = Dying("target", budget: budget)
            for (key, data) in contents {
                try source.write(KeychainRecord(data: data), service: "Checklists", key: key)
            }
            // Another store's key and an unnamed legacy one must never move or go.
            try source.write(KeychainRecord(data: Data([1])), service: "Checklists", key: "DataKey.theirs")
            try source.write(KeychainRecord(data: Data([2])), service: "Checklists", key: "DataKey")
            budget.left = step
            var setting = "source"
            do {
                try KeychainMove.move(from: source, to: target, service: "Checklists", items: items) {
                    try budget.spend()
                    setting = "target"
                }
                finished = true
            } catch {}
            let current = setting == "source" ? source : target
            for (key, data) in contents {
                #expect(try current.read(service: "Checklists", key: key)?.data == data, "step \(step): \(key)")
            }
            #expect(try source.read(service: "Checklists", key: "DataKey.theirs") != nil)
            #expect(try source.read(service: "Checklists", key: "DataKey") != nil)
            step += 1
        }
        #expect(step == 1 + contents.count + 1 + contents.count, "every write, the flip and every delete")
    }
}
