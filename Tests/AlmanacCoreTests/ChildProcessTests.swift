import AlmanacCore
import Foundation
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// ``ChildProcess``: programs started with `posix_spawn`, fed and read through pipes in one thread.
@Suite struct ChildProcessTests {
    /// Bytes of every value, `count` of them, no run of them alike.
    private func pattern(_ count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 9) }
    }

    private func seconds(_ body: () throws -> Void) rethrows -> Double {
        let start = Date()
        try body()
        return Date().timeIntervalSince(start)
    }

    @Test func standardInputLargerThanAPipeComesBackWhole() throws {
        let input = pattern(3_000_000)
        let outcome = try ChildProcess.run("/bin/cat", [], input: input)
        #expect(outcome.termination == .exited(0))
        #expect(outcome.stdout == input)
        #expect(outcome.stderr.isEmpty)
        #expect(!outcome.timedOut)
    }

    @Test func emptyInputIsAtItsEndAtOnce() throws {
        let outcome = try ChildProcess.run("/bin/cat", [], timeout: 60)
        #expect(outcome.termination == .exited(0))
        #expect(outcome.stdout.isEmpty)
    }

    /// The rest of the input is dropped; `SIGPIPE` does not end this process.
    @Test func aChildThatExitsWithoutReadingItsInputIsNoError() throws {
        let input = pattern(4_000_000)
        let none = try ChildProcess.run("/bin/true", [], input: input)
        #expect(none.termination == .exited(0))
        let some = try ChildProcess.run("/usr/bin/head", ["-c", "100000"], input: input)
        #expect(some.termination == .exited(0))
        #expect(some.stdout == Array(input[0..<100_000]))
        let closing = try ChildProcess.run("/bin/sh", ["-c", "exec 0<&-; echo closed"], input: input)
        #expect(closing.termination == .exited(0))
        #expect(closing.stdout == Array("closed\n".utf8))
    }

    /// All three pipes busy at once: input copied to both outputs while it is being written.
    @Test func largeStandardOutputAndStandardErrorAtOnce() throws {
        let input = pattern(2_500_000)
        let outcome = try ChildProcess.run("/bin/sh", ["-c", "tee /dev/stderr"], input: input)
        #expect(outcome.termination == .exited(0))
        #expect(outcome.stdout == input)
        #expect(outcome.stderr == input)
    }

    @Test func aMissingProgramCannotBeStarted() throws {
        let path = try #require(throws: ChildProcessError.self) { try ChildProcess.run("/no/such/program", []) }
        #expect(path.code == ENOENT)
        #expect(path.description == "cannot run /no/such/program: No such file or directory")
        let bare = try #require(throws: ChildProcessError.self) { try ChildProcess.run("almanac-no-such-program", []) }
        #expect(bare.code == ENOENT)
        let notExecutable = try #require(throws: ChildProcessError.self) { try ChildProcess.run("/etc/passwd", []) }
        #expect(notExecutable.code == EACCES)
    }

    @Test func aBareNameIsLookedUpOnPath() throws {
        let outcome = try ChildProcess.run("echo", ["a b", "ü"])
        #expect(outcome.stdout == Array("a b ü\n".utf8))
    }

    @Test func exitStatusAndSignalAreTold() throws {
        let failed = try ChildProcess.run("/bin/sh", ["-c", "echo oops >&2; exit 3"])
        #expect(failed.termination == .exited(3))
        #expect(failed.termination.status == 3)
        #expect(failed.stderr == Array("oops\n".utf8))
        let killed = try ChildProcess.run("/bin/sh", ["-c", "kill -TERM $$"])
        #expect(killed.termination == .signaled(SIGTERM))
        #expect(killed.termination.status == SIGTERM)
        #expect(!killed.timedOut)
    }

    @Test func aChildPastItsTimeIsKilled() throws {
        var outcome: ChildProcess.Outcome?
        let took = try seconds { outcome = try ChildProcess.run("/bin/sh", ["-c", "echo started; exec sleep 30"], timeout: 0.5) }
        #expect(took < 10)
        #expect(outcome?.timedOut == true)
        #expect(outcome?.termination == .signaled(SIGKILL))
        #expect(outcome?.stdout == Array("started\n".utf8), "what it wrote before is kept")
    }

    /// A child that writes all the time is killed on time too.
    @Test func aChildThatNeverStopsWritingIsKilled() throws {
        var outcome: ChildProcess.Outcome?
        let took = try seconds { outcome = try ChildProcess.run("/bin/sh", ["-c", "while :; do echo line; done"], timeout: 0.5) }
        #expect(took < 5)
        #expect(outcome?.timedOut == true)
        #expect(outcome?.stdout.starts(with: Array("line\nline\n".utf8)) == true)
    }

    /// A program the child started keeps its outputs open after the child is killed.
    @Test func aTimeoutEndsEvenWhenAGrandchildHoldsTheOutputs() throws {
        var outcome: ChildProcess.Outcome?
        let took = try seconds { outcome = try ChildProcess.run("/bin/sh", ["-c", "sleep 6 & sleep 6"], timeout: 0.5) }
        #expect(took < 5)
        #expect(outcome?.timedOut == true)
    }

    /// Standard input left open (`nil`): a child waiting for it runs until the timeout.
    @Test func inputLeftOpenKeepsTheChildWaiting() throws {
        let child = try ChildProcess("/bin/cat", [], output: .nullDevice)
        let outcome = child.exchange(nil, timeout: 0.5)
        #expect(outcome.timedOut)
        #expect(outcome.termination == .signaled(SIGKILL))
    }

    /// A timeout also ends a child whose outputs are not pipes.
    @Test func aTimeoutWithoutPipesStillKills() throws {
        let child = try ChildProcess("/bin/sleep", ["30"], input: .nullDevice, output: .nullDevice, errors: .nullDevice)
        #expect(child.input == nil && child.output == nil && child.errors == nil)
        let outcome = child.exchange([], timeout: 0.5)
        #expect(outcome.timedOut)
        #expect(outcome.termination == .signaled(SIGKILL))
    }

    @Test func theWorkingDirectoryIsHonoured() throws {
        let outcome = try ChildProcess.run("/bin/pwd", [], directory: "/usr")
        #expect(outcome.stdout == Array("/usr\n".utf8))
        let missing = try #require(throws: ChildProcessError.self) { try ChildProcess.run("/bin/pwd", [], directory: "/no/such/folder") }
        #expect(missing.code == ENOENT)
        #expect(missing.description == "cannot run /bin/pwd in /no/such/folder: No such file or directory")
    }

    @Test func theEnvironmentIsGivenOrInherited() throws {
        let given = try ChildProcess.run("/usr/bin/env", [], environment: ["ALMANAC_TEST": "a=b ü", "PATH": "/bin"])
        #expect(Set(String(decoding: given.stdout, as: UTF8.self).split(separator: "\n")) == ["ALMANAC_TEST=a=b ü", "PATH=/bin"])
        let inherited = try ChildProcess.run("/usr/bin/env", [])
        let path = try #require(ProcessInfo.processInfo.environment["PATH"])
        #expect(String(decoding: inherited.stdout, as: UTF8.self).split(separator: "\n").contains("PATH=\(path)"[...]))
    }

    /// Descriptors the parent opened without close-on-exec stay out of the child:
    /// `ls` sees its three streams and the folder it reads.
    @Test func noDescriptorLeaksIntoTheChild() throws {
        let leaked = open("/dev/null", O_RDONLY)
        try #require(leaked >= 0)
        defer { close(leaked) }
        let outcome = try ChildProcess.run("/bin/ls", ["/proc/self/fd"])
        #expect(String(decoding: outcome.stdout, as: UTF8.self) == "0\n1\n2\n3\n")
    }

    /// Streams sent to a descriptor of the parent's, or to `/dev/null`.
    @Test func outputToADescriptor() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-child-\(UUID().uuidString)").path
        defer { unlink(path) }
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(file >= 0)
        let child = try ChildProcess("/bin/sh", ["-c", "echo out; echo err >&2"], output: .descriptor(file), errors: .nullDevice)
        close(file)
        let outcome = child.exchange([])
        #expect(outcome.termination == .exited(0))
        #expect(outcome.stdout.isEmpty && outcome.stderr.isEmpty)
        #expect(FileManager.default.contents(atPath: path) == Data("out\n".utf8))
    }

    /// A child its owner lets go without waiting is stopped and reaped, not waited for until
    /// it ends by itself (nor left a zombie).
    @Test func aChildLetGoIsStoppedAndReaped() throws {
        var pid: pid_t = 0
        let took = try seconds {
            let child = try ChildProcess("/bin/sleep", ["30"], input: .nullDevice, output: .nullDevice, errors: .nullDevice)
            pid = child.pid
            #expect(child.endedYet() == nil)
        }
        #expect(took < 5)
        #expect(kill(pid, 0) == -1 && errno == ESRCH)
    }

    /// A timeout that is not a finite number (NaN, infinity) is no timeout.
    @Test func aTimeoutThatIsNoNumberIsNoTimeout() throws {
        for timeout in [Double.nan, .infinity] {
            let outcome = try ChildProcess.run("/bin/echo", ["hi"], timeout: timeout)
            #expect(outcome.termination == .exited(0))
            #expect(!outcome.timedOut)
            #expect(outcome.stdout == Array("hi\n".utf8))
        }
    }
}
