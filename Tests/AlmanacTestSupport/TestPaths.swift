import Foundation

/// Where things are for the tests: the package root, the built `almanac`
/// binary, `Samples/`, and `../shared/` when it is present.
public enum TestPaths {
    /// The package root (the folder holding `Package.swift`).
    public static let packageRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    /// A file or folder below the package root.
    public static func inPackage(_ relativePath: String) -> URL {
        packageRoot.appendingPathComponent(relativePath)
    }

    /// `Samples/NAME`.
    public static func sample(_ name: String) -> URL {
        inPackage("Samples/\(name)")
    }

    /// The `almanac` executable built beside the running test bundle.
    public static let almanacBinary: URL = {
        let testExecutable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testExecutable.deletingLastPathComponent()
        // On Linux the tests run from `.build/<triple>/<config>/NAMEPackageTests.xctest`.
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("almanac")
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isFolder), !isFolder.boolValue { return candidate }
            folder.deleteLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/almanac")
    }()

    /// Whether the built `almanac` is there (the tests that run it are skipped otherwise).
    public static var hasAlmanacBinary: Bool { FileManager.default.isExecutableFile(atPath: almanacBinary.path) }

    /// `../shared/` beside the package, or `nil` when it is absent (tests then report "skipped").
    public static let shared: URL? = {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }()
}
