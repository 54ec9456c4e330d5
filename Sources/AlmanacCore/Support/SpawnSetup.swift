import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `posix_spawn` file actions and attributes of one ``ChildProcess``, with the pipes
/// and files opened for it. Every descriptor made here is close-on-exec and at least 3, so
/// that no `dup2` onto the standard streams overwrites another one.
struct SpawnSetup {
    /// An `errno` value.
    struct Failure: Error {
        let code: Int32
    }

    #if canImport(Darwin)
    /// Darwin's actions and attributes are pointers the `init` functions allocate.
    typealias Actions = posix_spawn_file_actions_t?
    typealias Attributes = posix_spawnattr_t?
    private var actions: Actions = nil
    private var attributes: Attributes = nil
    #else
    typealias Actions = posix_spawn_file_actions_t
    typealias Attributes = posix_spawnattr_t
    private var actions = Actions()
    private var attributes = Attributes()
    #endif
    /// What the child gets and the parent must close once it has started (or failed to).
    private(set) var childEnds: [Int32] = []

    /// Empty actions, and attributes that start the child with no signal blocked and every
    /// signal at its default (a parent that ignores `SIGPIPE` has children that do not).
    init() {
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        var signals = sigset_t()
        sigemptyset(&signals)
        posix_spawnattr_setsigmask(&attributes, &signals)
        sigfillset(&signals)
        posix_spawnattr_setsigdefault(&attributes, &signals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }

    /// Frees the actions and attributes.
    mutating func release() {
        posix_spawn_file_actions_destroy(&actions)
        posix_spawnattr_destroy(&attributes)
    }

    /// Makes `stream` the child's descriptor `target` (0, 1 or 2); returns the parent's end
    /// of a pipe.
    mutating func connect(_ target: Int32, to stream: ChildProcess.Stream) throws(Failure) -> Int32? {
        let childEnd: Int32
        var parentEnd: Int32?
        switch stream {
        case .inherit:
            return nil
        case .nullDevice:
            childEnd = try Self.raised(open("/dev/null", (target == 0 ? O_RDONLY : O_WRONLY) | O_CLOEXEC))
        case .descriptor(let descriptor):
            childEnd = try Self.raised(fcntl(descriptor, F_DUPFD_CLOEXEC, 3))
        case .pipe:
            let (reading, writing) = try Self.makePipe()
            childEnd = target == 0 ? reading : writing
            parentEnd = target == 0 ? writing : reading
        }
        childEnds.append(childEnd)
        let added = posix_spawn_file_actions_adddup2(&actions, childEnd, target)
        guard added == 0 else {
            if let parentEnd { close(parentEnd) }
            throw Failure(code: added)
        }
        return parentEnd
    }

    /// Starts the child in `directory`: `posix_spawn_file_actions_addchdir_np` (glibc 2.29 and
    /// later, found at run time); `ENOSYS` where the C library has none.
    mutating func changeDirectory(to directory: String) throws(Failure) {
        guard let addChangeDirectory = Self.addChangeDirectory else { throw Failure(code: ENOSYS) }
        let added = addChangeDirectory(&actions, directory)
        guard added == 0 else { throw Failure(code: added) }
    }

    /// Closes every descriptor from 3 up in the child, where the C library can
    /// (`posix_spawn_file_actions_addclosefrom_np`, glibc 2.34 and later); else only the
    /// close-on-exec ones close.
    mutating func closeTheRest() {
        _ = Self.addCloseFrom?(&actions, 3)
    }

    /// Spawns `program` (looked up on PATH when it has no slash) and returns its process ID.
    mutating func start(_ program: String, _ arguments: [String], environment: [String: String]?) throws(Failure) -> pid_t {
        var argv: [UnsafeMutablePointer<CChar>?] = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var envp: [UnsafeMutablePointer<CChar>?] = (environment ?? [:]).map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        var pid: pid_t = 0
        let started = envp.withUnsafeMutableBufferPointer { envp in
            let variables = environment == nil ? Self.inherited() : envp.baseAddress
            return program.contains("/")
                ? posix_spawn(&pid, program, &actions, &attributes, &argv, variables)
                : posix_spawnp(&pid, program, &actions, &attributes, &argv, variables)
        }
        guard started == 0 else { throw Failure(code: started) }
        return pid
    }

    /// This process's environment, as `posix_spawn` takes it.
    private static func inherited() -> UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        _NSGetEnviron().pointee
        #else
        environ
        #endif
    }

    /// `descriptor` (a result of `open` or `fcntl`), moved to 3 or above when it is below.
    private static func raised(_ descriptor: Int32) throws(Failure) -> Int32 {
        guard descriptor >= 0 else { throw Failure(code: errno) }
        guard descriptor < 3 else { return descriptor }
        let moved = fcntl(descriptor, F_DUPFD_CLOEXEC, 3)
        let code = errno
        close(descriptor)
        guard moved >= 0 else { throw Failure(code: code) }
        return moved
    }

    /// A close-on-exec pipe: `pipe2(O_CLOEXEC)` where the C library has it (Glibc's Swift
    /// module does not declare it), else `pipe` and `FD_CLOEXEC` set on each end.
    private static func makePipe() throws(Failure) -> (reading: Int32, writing: Int32) {
        var ends: [Int32] = [-1, -1]
        let made = ends.withUnsafeMutableBufferPointer { ends in
            if let pipe2 = Self.pipe2 { return pipe2(ends.baseAddress!, O_CLOEXEC) }
            guard pipe(ends.baseAddress!) == 0 else { return -1 }
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            return 0
        }
        guard made == 0 else { throw Failure(code: errno) }
        // `raised` closes what it cannot move.
        let reading: Int32
        do { reading = try raised(ends[0]) } catch { close(ends[1]); throw error }
        do { return (reading, try raised(ends[1])) } catch { close(reading); throw error }
    }

    /// A C function of the C library found by name at run time; `nil` where it has none.
    private static func lookUp<Function>(_ name: String, as type: Function.Type) -> Function? {
        // RTLD_DEFAULT: the null handle on Linux, -2 on Darwin.
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)
        #else
        let everywhere = UnsafeMutableRawPointer(bitPattern: 0)
        #endif
        return dlsym(everywhere, name).map { unsafeBitCast($0, to: type) }
    }

    private static let addChangeDirectory = lookUp(
        "posix_spawn_file_actions_addchdir_np",
        as: (@convention(c) (UnsafeMutablePointer<Actions>, UnsafePointer<CChar>) -> Int32).self
    )

    private static let addCloseFrom = lookUp(
        "posix_spawn_file_actions_addclosefrom_np",
        as: (@convention(c) (UnsafeMutablePointer<Actions>, Int32) -> Int32).self
    )

    private static let pipe2 = lookUp("pipe2", as: (@convention(c) (UnsafeMutablePointer<Int32>, Int32) -> Int32).self)
}
