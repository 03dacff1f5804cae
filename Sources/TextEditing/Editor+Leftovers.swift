import Foundation

extension Editor {
    /// Removes (overwrites, then unlinks) the edit files of processes that no longer run: what a
    /// SIGKILL, a crash or a power cut left behind. Also the editor's own side files there
    /// (vim's `.edit-PID-N.txt.swp`, nano's `edit-PID-N.txt.save`): every name with `edit-PID-`.
    public static func removeLeftovers(environment: [String: String], home: String) {
        removeLeftovers(in: directory(environment: environment, home: home))
    }

    public static func removeLeftovers(in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names {
            guard let pid = owner(of: name), pid != getpid(), !isRunning(pid) else { continue }
            shred(directory + "/" + name)
        }
    }

    /// Removes every file of process `pid` in `directory`.
    public static func removeFiles(of pid: pid_t, in directory: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where owner(of: name) == pid { shred(directory + "/" + name) }
    }

    /// Removes the edit file `name` in `directory` and every file named after it (`name~`,
    /// `.name.swp`, `#name#`): those of one edit, leaving another edit of the same process alone.
    static func removeFiles(named name: String, in directory: String) {
        shred(directory + "/" + name)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for other in names where other.contains(name) { shred(directory + "/" + other) }
    }

    /// The PID in a name containing `edit-PID-`, or nil.
    public static func owner(of name: String) -> pid_t? {
        guard let start = name.range(of: "edit-") else { return nil }
        let digits = name[start.upperBound...].prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, name[start.upperBound...].dropFirst(digits.count).first == "-" else { return nil }
        return pid_t(digits).flatMap { $0 > 0 ? $0 : nil }
    }

    public static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }

    /// Overwrites a regular file with zeros, flushes it and removes it (a symlink is only removed).
    public static func shred(_ path: String) {
        let fd = open(path, O_WRONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if fd >= 0 {
            var info = stat()
            if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
                let zeros = [UInt8](repeating: 0, count: 65_536)
                var left = Int(info.st_size)
                while left > 0 {
                    let n = write(fd, zeros, min(left, zeros.count))
                    if n <= 0 { break }
                    left -= n
                }
                fsync(fd)
            }
            close(fd)
        }
        unlink(path)
    }
}
