import Foundation

/// The real peer programs interop tests run: a Python with the pinned packages
/// of `Tests/peers-requirements.txt`, found at `$ALMANAC_PYTHON` or `.venv/bin/python`.
///
/// When a peer is missing the tests that need it are skipped, unless
/// `ALMANAC_REQUIRE_PEERS=1` (as `.ci/run` sets), in which case they fail.
public enum Peers {
    /// The Python interpreter with the peers installed, or `nil`.
    public static let python: URL? = {
        let environment = ProcessInfo.processInfo.environment
        var candidates: [URL] = []
        if let path = environment["ALMANAC_PYTHON"], !path.isEmpty { candidates.append(URL(fileURLWithPath: path)) }
        candidates.append(TestPaths.inPackage(".venv/bin/python"))
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// Whether missing peers must fail the run instead of skipping.
    public static var required: Bool {
        ProcessInfo.processInfo.environment["ALMANAC_REQUIRE_PEERS"] == "1"
    }

    /// A program on the `PATH` (such as Debian's `hugo` or `jekyll`), or `nil`.
    public static func program(_ name: String) -> URL? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    /// Whether the Python peer is usable and has `module` importable.
    public static func pythonHas(_ module: String) -> Bool {
        guard let python else { return false }
        let result = try? ProcessRunner.run(python, ["-c", "import \(module)"])
        return result?.status == 0
    }

    /// Whether tests needing `module` should run: true when it is there, or when peers are required
    /// (so that the test runs and fails loudly instead of being skipped).
    public static func shouldRun(pythonModule module: String) -> Bool {
        required || pythonHas(module)
    }
}
