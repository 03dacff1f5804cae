import ChecklistsApp
import ChecklistsKit
import Foundation
import SQLiteKit
import TestSupport
import Testing

/// The change monitor on a temporary store, changed by the built `checklists` binary (another
/// process) and by a second SQLite connection.
@Suite struct ChangeMonitorTests {
    let dir = TemporaryDirectory()
    var home: String { dir.appending("home") }
    var cli: CLIRunner { CLIRunner(home: home) }

    /// A store made by the CLI (its first run creates list 1, "List") and a monitor on it.
    func monitored() throws -> (ChangeMonitor, EventRecorder<ChangeEvent>) {
        #expect(try cli.run("lists").status == 0)
        let monitor = try ChangeMonitor(directory: home)
        let recorder = EventRecorder<ChangeEvent>()
        monitor.addObserver(recorder.handler)
        return (monitor, recorder)
    }

    @Test func itemAddedByTheCLIArrives() async throws {
        let (monitor, recorder) = try monitored()
        defer { monitor.stop() }
        #expect(try cli.run("item", "add", "List", "Buy", "milk").status == 0)
        #expect(await recorder.arrival { $0 == .itemsChanged(listIDs: [1]) } != nil)
        #expect(await recorder.arrival { $0 == .listsChanged([1]) } != nil)
    }

    @Test func toggleByTheCLIArrives() async throws {
        #expect(try cli.run("item", "add", "List", "Eggs").status == 0)
        let (monitor, recorder) = try monitored()
        defer { monitor.stop() }
        #expect(try cli.run("item", "toggle", "0").status == 0)
        #expect(await recorder.arrival { $0 == .itemsChanged(listIDs: [1]) } != nil)
        // The remaining count of list 1 went down.
        #expect(await recorder.arrival { $0 == .listsChanged([1]) } != nil)
    }

    @Test func itemEditWithTheSameCountsArrives() async throws {
        #expect(try cli.run("item", "add", "List", "Eggs").status == 0)
        let (monitor, recorder) = try monitored()
        defer { monitor.stop() }
        #expect(try cli.run("item", "edit", "0", "--text", "Ham").status == 0)
        #expect(await recorder.arrival { $0 == .itemsChanged(listIDs: [1]) } != nil)
        #expect(!recorder.all.contains { if case .listsChanged = $0 { true } else { false } })
    }

    @Test func listAddedByTheCLIArrives() async throws {
        let (monitor, recorder) = try monitored()
        defer { monitor.stop() }
        #expect(try cli.run("list", "add", "Groceries", "--icon", "groceries").status == 0)
        #expect(await recorder.arrival { $0 == .listsChanged([2]) } != nil)
        #expect(!recorder.all.contains { if case .itemsChanged = $0 { true } else { false } })
    }

    @Test func noteAddedAndDeletedByTheCLIArrive() async throws {
        let (monitor, recorder) = try monitored()
        defer { monitor.stop() }
        #expect(try cli.run("note", "add", "--title", "Plans", "--body", "Secret").status == 0)
        #expect(await recorder.arrival { $0 == .notesChanged([1]) } != nil)
        recorder.clear()
        #expect(try cli.run("note", "delete", "1").status == 0)
        #expect(await recorder.arrival { $0 == .notesChanged([1]) } != nil)
        #expect(!recorder.all.contains { if case .listsChanged = $0 { true } else { false } })
    }

    @Test func storeCreatedAfterTheMonitorStartedArrives() async throws {
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        let monitor = try ChangeMonitor(directory: home)
        defer { monitor.stop() }
        let recorder = EventRecorder<ChangeEvent>()
        monitor.addObserver(recorder.handler)
        #expect(try cli.run("lists").status == 0)
        #expect(await recorder.arrival { $0 == .listsChanged([1]) } != nil)
    }

    @Test func noEventsWhenNothingChanges() async throws {
        let (monitor, recorder) = try monitored()
        defer { monitor.stop() }
        try await Task.sleep(for: .milliseconds(300))
        // A command that only reads: it opens the database but commits nothing.
        #expect(try cli.run("lists").status == 0)
        try await Task.sleep(for: .milliseconds(300))
        #expect(recorder.all.isEmpty)
    }

    /// A change in a 10,000-item store costs the monitor the rows of the change log it adds,
    /// not a scan of the items.
    @Test func aChangeInALargeStoreReadsOnlyTheChange() async throws {
        #expect(try cli.run("lists").status == 0)
        let lines = (0..<10_000).map { "Item \($0)" }.joined(separator: "\n")
        #expect(try cli.run("item", "add", "List", "-", stdin: lines).status == 0)
        let monitor = try ChangeMonitor(directory: home)
        defer { monitor.stop() }
        let recorder = EventRecorder<ChangeEvent>()
        monitor.addObserver(recorder.handler)
        let before = monitor.rowsRead
        #expect(before < 10, "the baseline read \(before) rows")
        #expect(try cli.run("item", "toggle", "4321").status == 0)
        #expect(await recorder.arrival { $0 == .itemsChanged(listIDs: [1]) } != nil)
        #expect(await recorder.arrival { $0 == .listsChanged([1]) } != nil)
        let read = monitor.rowsRead - before
        #expect(read < 50, "a toggle read \(read) rows")
        print("ChangeMonitor rows read for one toggle in a 10,000-item store: \(read)")
        // Another list, by another process: named, and still read at the size of the change.
        #expect(try cli.run("list", "add", "Errands").status == 0)
        #expect(await recorder.arrival { $0 == .listsChanged([2]) } != nil)
        #expect(monitor.rowsRead - before < 100)
    }

    /// A monitor that fell further behind than the log keeps (rows it has not seen were pruned)
    /// reports every list as changed, reading the lists but neither the log nor the items.
    @Test func aChangeLargerThanTheLogReportsEveryList() async throws {
        let (monitor, recorder) = try monitored()
        defer { monitor.stop() }
        #expect(try cli.run("list", "add", "Errands").status == 0)
        #expect(await recorder.arrival { $0 == .listsChanged([2]) } != nil)
        recorder.clear()
        let writer = try Database(path: home + "/checklists.sqlite", create: false)
        try writer.execute("PRAGMA busy_timeout=5000")
        let before = monitor.rowsRead
        try writer.transaction {
            let insert = try writer.prepare("INSERT INTO items(list_id, text) VALUES(2, randomblob(64))")
            for _ in 0..<(ChangeLog.kept + 2 * ChangeLog.pruneEvery) { try insert.run() }
        }
        #expect(await recorder.arrival { $0 == .itemsChanged(listIDs: [1, 2]) } != nil, "\(recorder.all)")
        #expect(await recorder.arrival { $0 == .listsChanged([1, 2]) } != nil)
        #expect(monitor.rowsRead - before < 100)
    }

    /// A store written before the change log (schema 4, the v4-plain fixture) is watched through
    /// the fingerprint until a command migrates it; from then on its log.
    @Test func aStoreMigratedWhileWatchedKeepsReporting() async throws {
        try FileManager.default.copyItem(atPath: Rig.root + "/Tests/Fixtures/stores/v4-plain", toPath: home)
        chmod(home, 0o700)
        for name in try FileManager.default.contentsOfDirectory(atPath: home) { chmod(home + "/" + name, 0o600) }
        let monitor = try ChangeMonitor(directory: home)
        defer { monitor.stop() }
        let recorder = EventRecorder<ChangeEvent>()
        monitor.addObserver(recorder.handler)
        #expect(try cli.run("item", "add", "Errands", "Buy stamps").status == 0)
        #expect(await recorder.arrival { $0 == .itemsChanged(listIDs: [2]) } != nil)
        recorder.clear()
        let before = monitor.rowsRead
        #expect(try cli.run("item", "toggle", "0").status == 0)
        #expect(await recorder.arrival { $0 == .itemsChanged(listIDs: [2]) } != nil)
        #expect(await recorder.arrival { $0 == .listsChanged([2]) } != nil)
        #expect(monitor.rowsRead - before < 20)
    }

    @Test func missingDirectoryThrows() throws {
        #expect(throws: ChecklistsAppError.self) { try ChangeMonitor(directory: dir.appending("nowhere")) }
    }

    /// Latency from a commit by another connection to its event; reported, not asserted tightly.
    @Test func commitsByAnotherConnectionArriveQuickly() async throws {
        let (monitor, recorder) = try monitored()
        defer { monitor.stop() }
        let writer = try Database(path: home + "/checklists.sqlite", create: false)
        try writer.execute("PRAGMA busy_timeout=5000")
        var latencies: [Double] = []
        for round in 0..<20 {
            recorder.clear()
            try writer.execute("INSERT OR REPLACE INTO settings(key, value) VALUES('LatencyProbe', \(round))")
            let committed = ContinuousClock.now
            let arrived = try #require(
                await recorder.arrival { $0 == .settingsChanged(["LatencyProbe"]) }, "round \(round): \(recorder.all)")
            latencies.append(Self.milliseconds(arrived - committed))
            try await Task.sleep(for: .milliseconds(30))
        }
        print("ChangeMonitor commit→event latency (ms): median \(Self.median(latencies)), max \(latencies.max() ?? 0)")

        // The same with 10,000 items in the store: the fingerprint scans them on every change.
        try writer.transaction {
            let insert = try writer.prepare("INSERT INTO items(list_id, text) VALUES(1, randomblob(64))")
            for _ in 0..<10_000 { try insert.run() }
        }
        _ = await recorder.arrival { $0 == .itemsChanged(listIDs: [1]) }
        var large: [Double] = []
        for round in 0..<10 {
            recorder.clear()
            try writer.execute("UPDATE items SET checked = 1 - checked WHERE id = \(round + 1)")
            let committed = ContinuousClock.now
            let arrived = try #require(await recorder.arrival { $0 == .itemsChanged(listIDs: [1]) })
            large.append(Self.milliseconds(arrived - committed))
            try await Task.sleep(for: .milliseconds(30))
        }
        print(
            "ChangeMonitor commit→event latency, 10,000 items (ms): median \(Self.median(large)), max \(large.max() ?? 0)"
        )
    }

    /// Latency from the CLI's exit to the event of its change (negative: before the exit).
    @Test func cliChangesArriveQuickly() async throws {
        let (monitor, recorder) = try monitored()
        defer { monitor.stop() }
        var latencies: [Double] = []
        for round in 0..<10 {
            recorder.clear()
            #expect(try cli.run("item", "add", "List", "Item \(round)").status == 0)
            let exited = ContinuousClock.now
            let arrived = try #require(await recorder.arrival { $0 == .itemsChanged(listIDs: [1]) })
            latencies.append(Self.milliseconds(arrived - exited))
        }
        print(
            "ChangeMonitor CLI exit→event latency (ms): median \(Self.median(latencies)), max \(latencies.max() ?? 0)")
    }

    static func milliseconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return (Double(seconds) * 1000 + Double(attoseconds) / 1e15).rounded(toPlaces: 1)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted[sorted.count / 2]
    }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        let scale = pow(10, Double(places))
        return (self * scale).rounded() / scale
    }
}
