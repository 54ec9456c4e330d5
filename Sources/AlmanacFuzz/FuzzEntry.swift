import AlmanacCore
import AlmanacFormats
#if canImport(Glibc)
import Glibc
#endif

/// The fuzz entry point: feeds each input to one reader, chosen by the environment
/// variable `ALMANAC_FUZZ_FORMAT` (a format name such as `ics`), and then writes what
/// it read back in the same format, which must read again.
///
/// Built with libFuzzer (`Tests/fuzz.sh FORMAT SECONDS` builds and runs it), the
/// inputs come from the fuzzer. Built normally, `almanac-fuzz FORMAT FILE...` replays
/// saved inputs, for the regression tests and for looking at a crash.
enum FuzzTarget {
    /// The codec under test, from `ALMANAC_FUZZ_FORMAT`.
    static let codec: any FormatCodec = {
        let name = getenv("ALMANAC_FUZZ_FORMAT").map { String(cString: $0) } ?? "json"
        guard let codec = BuiltinFormats.registry.codec(named: name) else {
            fatalError("ALMANAC_FUZZ_FORMAT=\(name) is not a registered format")
        }
        return codec
    }()

    /// Reads `bytes`; what reads must write, and what it writes must read.
    static func run(_ bytes: [UInt8], codec: any FormatCodec) {
        guard let decoded = try? codec.decode(bytes, source: "fuzz") else { return }
        guard !codec.format.writes.isEmpty else { return }
        let encoded: EncodeResult
        do {
            encoded = try codec.encode(decoded.document, options: EncodingOptions())
        } catch {
            // A writer may refuse what it cannot hold (a control character in XML), but never crash.
            return
        }
        do {
            _ = try codec.decode(encoded.bytes, source: "fuzz-again")
        } catch {
            fatalError("\(codec.format.name): its own output does not read back: \(error)")
        }
    }

    /// The tool's own options, before the fuzzer or the replay sees the arguments:
    /// `--list-extensions FORMAT` prints the format's extensions; `--write-seeds FORMAT
    /// FOLDER FILE...` writes each file that another reader reads in FORMAT into FOLDER,
    /// so that every reader starts from the samples, whatever format they are in.
    /// Returns whether it handled the arguments.
    static func handleOptions(_ arguments: [String]) -> Bool {
        guard let option = arguments.first, arguments.count >= 2,
              let codec = BuiltinFormats.registry.codec(named: arguments[1]) else { return false }
        switch option {
        case "--list-extensions":
            print(codec.format.extensions.joined(separator: " "))
        case "--write-seeds" where arguments.count >= 3:
            let options = EncodingOptions(stamp: CivilDateTime(midnightOf: CivilDate(year: 2026, month: 1, day: 1)!))
            for path in arguments.dropFirst(3) {
                guard let reader = BuiltinFormats.registry.codec(forPath: path), !reader.format.reads.isEmpty,
                      let bytes = try? FileIO.readAll(path), let read = try? reader.decode(bytes, source: path),
                      let written = try? codec.encode(read.document, options: options) else { continue }
                let name = path.split(separator: "/").last.map(String.init) ?? "seed"
                try? AtomicFileWriter.write(written.bytes, to: "\(arguments[2])/from-\(name).\(codec.format.extensions.first ?? "seed")")
            }
        default:
            return false
        }
        return true
    }
}

#if ALMANAC_FUZZING
/// libFuzzer's driver, which SwiftPM's renamed `main` hands control to.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

@main
struct FuzzDriver {
    static func main() {
        if FuzzTarget.handleOptions(Array(CommandLine.arguments.dropFirst())) { return }
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv) { data, size in
            let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
            FuzzTarget.run(bytes, codec: FuzzTarget.codec)
            return 0
        })
    }
}
#else
@main
struct FuzzReplay {
    static func main() throws {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if FuzzTarget.handleOptions(arguments) { return }
        guard let name = arguments.first, let codec = BuiltinFormats.registry.codec(named: name) else {
            print("usage: almanac-fuzz FORMAT FILE...  (replays saved fuzz inputs through one reader)")
            exit(64)
        }
        for path in arguments.dropFirst() {
            FuzzTarget.run(try FileIO.readAll(path), codec: codec)
            print("ok \(path)")
        }
    }
}
#endif
