import Foundation

/// A fresh private directory under the system temp dir, removed when released.
public final class TemporaryDirectory: @unchecked Sendable {
    /// Absolute path of the directory.
    public let path: String

    /// Creates the directory (mode 0700).
    public init(_ label: String = "checklists-test") {
        var template = Array((NSTemporaryDirectory() + "/\(label).XXXXXX").utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed")
        path = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// A path inside the directory.
    public func appending(_ name: String) -> String { path + "/" + name }

    /// Every byte of every regular file under the directory, concatenated.
    public func allBytes() throws -> [UInt8] {
        var bytes: [UInt8] = []
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let name = enumerator?.nextObject() as? String {
            if let data = FileManager.default.contents(atPath: appending(name)) { bytes += Array(data) }
        }
        return bytes
    }
}

extension Array where Element == UInt8 {
    /// Whether `needle`'s UTF-8 bytes occur anywhere in these bytes.
    public func contains(utf8 needle: String) -> Bool {
        contains(bytes: Array(needle.utf8))
    }

    /// Whether `n` occurs anywhere in these bytes.
    public func contains(bytes n: [UInt8]) -> Bool {
        guard !n.isEmpty, n.count <= count else { return false }
        for start in 0...(count - n.count) where self[start] == n[0] && Array(self[start..<start + n.count]) == n {
            return true
        }
        return false
    }
}
