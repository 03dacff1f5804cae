import Localization

#if canImport(Glibc)
    import Glibc
#endif

/// A file operation that failed, with the path and errno (and a reason when errno says too little).
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
    public let path: String
    public let errno: Int32
    /// Why, when it is not simply errno's text ("not a regular file").
    public let reason: String?

    public init(path: String, errno: Int32, reason: String? = nil) {
        self.path = path
        self.errno = errno
        self.reason = reason
    }

    public var description: String { "\(path): \(reason ?? String(cString: strerror(errno)))" }
}

/// Private files and directories: 0700 directories, 0600 files, atomic durable replacement.
public enum SecureFile {
    /// Creates `path` and its parents with mode 0700 if missing.
    /// - Throws: `FileError` when a directory cannot be made.
    public static func makeDirectory(_ path: String) throws {
        // Usually it is there already: one call instead of one per component.
        if mkdir(path, 0o700) == 0 || errno == EEXIST { return }
        var current = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            current += "/" + String(part)
            if mkdir(current, 0o700) != 0 && errno != EEXIST {
                throw FileError(path: current, errno: errno)
            }
        }
    }

    /// Refuses a directory for private data that another user could change: one that belongs to
    /// someone else (followed through a link, so a link planted in /tmp to another user's folder
    /// is refused too), or that others may write to (they could swap a key or the database for
    /// one they know). A folder only others can read, such as `mkdir`'s 0755, is accepted: the
    /// files in it are 0600.
    /// - Throws: `FileError` (EPERM) naming the folder and why.
    public static func requirePrivateDirectory(_ path: String) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { throw FileError(path: path, errno: errno) }
        if info.st_uid != geteuid() {
            let owner = getpwuid(info.st_uid).flatMap { $0.pointee.pw_name.map { String(cString: $0) } }
            throw FileError(
                path: path, errno: EPERM,
                reason: tr("belongs to another user (%@); use a folder of your own", owner ?? String(info.st_uid)))
        }
        if info.st_mode & 0o022 != 0 {
            throw FileError(
                path: path, errno: EPERM,
                reason: tr(
                    "other users can write to it (mode %@); make it private with chmod 700",
                    String(info.st_mode & 0o7777, radix: 8)))
        }
    }

    /// The largest file `read` accepts unless told otherwise (64 MiB).
    public static let defaultReadLimit = 64 << 20

    /// The whole file, or nil when it does not exist.
    ///
    /// Only a regular file is read: a symlink, FIFO, device or socket in its place is refused
    /// (opened with `O_NOFOLLOW | O_NONBLOCK`, so neither a FIFO nor `/dev/zero` can hang or
    /// exhaust memory), and so is a file larger than `limit` bytes.
    /// - Throws: `FileError` (ELOOP for a symlink, EINVAL for another non-regular file, EFBIG
    ///   when it is too large).
    public static func read(_ path: String, limit: Int = defaultReadLimit) throws -> [UInt8]? {
        let fd = retrying { open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK) }
        if fd < 0 {
            if errno == ENOENT { return nil }
            if errno == ELOOP {
                throw FileError(path: path, errno: ELOOP, reason: tr("is a symbolic link, not a regular file"))
            }
            throw FileError(path: path, errno: errno)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(path: path, errno: errno) }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileError(path: path, errno: EINVAL, reason: tr("not a regular file (%@)", kind(info.st_mode)))
        }
        // Made only when needed: a translated message per read costs seconds over 100,000 files.
        func tooLarge() -> FileError {
            FileError(path: path, errno: EFBIG, reason: tr("larger than the limit of %d bytes", limit))
        }
        guard info.st_size <= limit else { throw tooLarge() }
        var result: [UInt8] = []
        result.reserveCapacity(Int(info.st_size))
        // The file's size and one byte (to see the end in one more read), at most 64 KiB at a time.
        var chunk = [UInt8](repeating: 0, count: min(65_536, max(0, Int(info.st_size)) + 1))
        while true {
            let n = retrying { chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) } }
            if n < 0 { throw FileError(path: path, errno: errno) }
            if n == 0 { break }
            // The file may grow while it is read: the limit holds for what is read, too.
            guard result.count + n <= limit else { throw tooLarge() }
            result.append(contentsOf: chunk[0..<n])
        }
        return result
    }

    /// Refuses anything but a regular file at `path` (a missing file is fine): a symlink, FIFO,
    /// device or socket where a data file belongs would hang or mislead whatever opens it next.
    /// - Throws: `FileError` (ELOOP for a symlink, EINVAL otherwise).
    public static func requireRegular(_ path: String) throws {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return }
            throw FileError(path: path, errno: errno)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw FileError(
                path: path, errno: info.st_mode & S_IFMT == S_IFLNK ? ELOOP : EINVAL,
                reason: tr("not a regular file (%@)", kind(info.st_mode)))
        }
    }

    /// Makes the regular file open at `descriptor` readable and writable by its owner only
    /// (the owner's own bits are kept) when this user owns it: for a log that will hold the
    /// user's text but was made by a shell redirection under the shell's umask (often 0644,
    /// readable by every local user). A terminal, a pipe or another user's file is left alone.
    /// - Returns: Whether the mode was changed.
    @discardableResult
    public static func makePrivate(descriptor: Int32) -> Bool {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid(),
            info.st_mode & 0o077 != 0
        else { return false }
        return fchmod(descriptor, info.st_mode & 0o700) == 0
    }

    /// A word for a file type, for messages.
    static func kind(_ mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFLNK: tr("a symbolic link")
        case S_IFIFO: tr("a FIFO")
        case S_IFCHR: tr("a character device")
        case S_IFBLK: tr("a block device")
        case S_IFSOCK: tr("a socket")
        case S_IFDIR: tr("a directory")
        default: tr("a special file")
        }
    }

    /// Writes `bytes` to a new 0600 temp file beside `path`, fsyncs it, renames it over `path`
    /// and fsyncs the directory, so that a crash leaves either the old file or the new one, never
    /// half of one. The temp file has a random name and is made with `O_EXCL | O_NOFOLLOW`, so a
    /// file or link planted under a guessable name (in /tmp, say) is never written through.
    /// - Parameter exclusive: Refuse (EEXIST) when `path` already exists, even if it appears
    ///   while this writes; a symlink at `path`, even a dangling one, counts as existing.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, exclusive: Bool = false) throws {
        var info = stat()
        if exclusive && lstat(path, &info) == 0 { throw FileError(path: path, errno: EEXIST) }
        let (temp, fd) = try createTemporary(beside: path)
        var ok = true
        var offset = 0
        while ok && offset < bytes.count {
            let n = retrying {
                bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            }
            if n <= 0 { ok = false } else { offset += n }
        }
        // Told to stop (`TerminationGuard`): the temporary file goes, as after a failed write.
        if ok && TerminationGuard.isRequested { (ok, errno) = (false, EINTR) }
        if ok && fsync(fd) != 0 { ok = false }
        let savedErrno = errno
        close(fd)
        guard ok else {
            unlink(temp)
            throw FileError(path: path, errno: savedErrno)
        }
        if exclusive {
            try placeExclusively(temp, at: path)
        } else if rename(temp, path) != 0 {
            let e = errno
            unlink(temp)
            throw FileError(path: path, errno: e)
        }
        syncDirectory(of: path)
    }

    /// Whether `path` (followed through links) is a stream to write into rather than a file to
    /// replace: a FIFO or a character device (a terminal, /dev/null, a shell's `>(…)`).
    public static func isStream(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        return [S_IFIFO, S_IFCHR].contains(info.st_mode & S_IFMT)
    }

    /// Writes `bytes` into the FIFO or character device at `path` (see `isStream`): renaming a
    /// file over it, as `writeAtomically` does, would replace the device node itself.
    /// - Throws: `FileError` (EINVAL when `path` is no longer a FIFO or character device).
    public static func writeStream(_ bytes: [UInt8], to path: String) throws {
        let fd = retrying { open(path, O_WRONLY | O_CLOEXEC | O_NOCTTY) }
        guard fd >= 0 else { throw FileError(path: path, errno: errno) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, [S_IFIFO, S_IFCHR].contains(info.st_mode & S_IFMT) else {
            throw FileError(path: path, errno: EINVAL, reason: tr("not a regular file (%@)", kind(info.st_mode)))
        }
        var offset = 0
        while offset < bytes.count {
            let n = retrying { bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) } }
            guard n > 0 else { throw FileError(path: path, errno: errno) }
            offset += n
        }
    }

    /// A new, empty 0600 file "PATH.tmp-RANDOM" and its descriptor (open for writing).
    static func createTemporary(beside path: String) throws -> (String, Int32) {
        while true {
            let temp = path + ".tmp-" + String(UInt64.random(in: 0...UInt64.max), radix: 36)
            let fd = retrying { open(temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
            if fd >= 0 { return (temp, fd) }
            // Named after `path`: the temp name means nothing to the user.
            if errno != EEXIST { throw FileError(path: path, errno: errno) }
        }
    }

    /// Moves the complete file `temp` to `path` unless something is there: link() fails if the
    /// target exists, even if it appeared a moment ago (never overwrite a key or a backup). On a
    /// file system without hard links (FAT, exFAT) an empty placeholder made with `O_EXCL` holds
    /// the name until `temp` is renamed over it.
    static func placeExclusively(_ temp: String, at path: String) throws {
        defer { unlink(temp) }
        if link(temp, path) == 0 { return }
        let e = errno
        guard e == EPERM || e == EOPNOTSUPP || e == EMLINK else { throw FileError(path: path, errno: e) }
        let placeholder = retrying { open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard placeholder >= 0 else { throw FileError(path: path, errno: errno) }
        close(placeholder)
        guard rename(temp, path) == 0 else {
            let e = errno
            unlink(path)
            throw FileError(path: path, errno: e)
        }
    }

    /// Creates an empty 0600 file if none exists (so that later writers inherit the mode).
    /// Never follows a symlink nor waits on a FIFO.
    public static func touch(_ path: String) throws {
        let fd = retrying { open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o600) }
        guard fd >= 0 else { throw FileError(path: path, errno: errno) }
        close(fd)
    }

    /// Removes a file (and makes the removal durable); false when it did not exist.
    @discardableResult
    public static func remove(_ path: String) throws -> Bool {
        if unlink(path) != 0 {
            if errno == ENOENT { return false }
            throw FileError(path: path, errno: errno)
        }
        syncDirectory(of: path)
        return true
    }

    /// Runs `body` holding an exclusive `flock` on `path` (created 0600 if missing), so that
    /// read-modify-write cycles of several processes never interleave. On a read-only file
    /// system, where no process can write, `body` runs with the lock file's lock if it is
    /// there and without one if not (a write in `body` then fails on its own).
    public static func withLock<R>(_ path: String, _ body: () throws -> R) throws -> R {
        var fd = retrying { open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600) }
        if fd < 0 && errno == EROFS {
            fd = retrying { open(path, O_RDONLY | O_CLOEXEC) }
            if fd < 0 && errno == ENOENT { return try body() }
        }
        guard fd >= 0 else { throw FileError(path: path, errno: errno) }
        defer { close(fd) }
        _ = retrying { flock(fd, LOCK_EX) }
        return try body()
    }

    /// The directory part of `path` ("." when there is none).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Whether a file exists at `path`.
    public static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    public static func syncDirectory(of path: String) {
        let dir = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let fd = open(dir.isEmpty ? "/" : dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 {
            fsync(fd)
            close(fd)
        }
    }

    /// Retries a system call interrupted by a signal.
    public static func retrying<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let rc = call()
            if rc >= 0 || errno != EINTR { return rc }
        }
    }
}
