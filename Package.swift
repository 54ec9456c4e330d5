// swift-tools-version:6.0
// almanac: convert recipes and calendar events between JSON, Markdown,
// iCalendar and XML through one common model.
import PackageDescription

/// Formats live in `Formats/NAME` as one module each, `AlmanacNAME`: it depends on the core
/// and the shared kits it names, never on another format, and its README (and any other
/// file named) is left out of the build. `AlmanacFormats` registers them all.
func format(_ name: String, uses kits: [Target.Dependency] = [], besides files: [String] = []) -> Target {
    .target(name: "Almanac" + name, dependencies: ["AlmanacCore"] + kits, path: "Formats/" + name, exclude: ["README.md"] + files)
}

let formatTargets: [Target] = [
    format("JSON", uses: ["AlmanacJSONKit"], besides: ["almanac.schema.json"]),
    format("ICalendar", uses: ["AlmanacICalendarModel"]),
    format("Markdown"),
    format("XML", uses: ["AlmanacLibXML", "CLibXML2"], besides: ["almanac.xsd"]),
    format("JCal", uses: ["AlmanacICalendarModel", "AlmanacJSONKit"]),
    format("JSONLD", uses: ["AlmanacJSONKit", "AlmanacLibXML"]),
    format("XCal", uses: ["AlmanacICalendarModel", "AlmanacLibXML", "CLibXML2"]),
    format("Cooklang"),
]

/// The test target `NAME` of the module(s) it tests, in `Tests/NAME`: it can use the core and
/// `AlmanacTestSupport` as well, and the folders named (expected outputs: `Golden`,
/// `Fixtures`) are data the tests read, left out of the build.
func tests(_ name: String, of modules: [Target.Dependency], besides files: [String] = []) -> Target {
    .testTarget(name: name, dependencies: modules + ["AlmanacCore", "AlmanacTestSupport"], exclude: files)
}

let testTargets: [Target] = [
    tests("AlmanacCoreTests", of: []),
    tests("AlmanacJSONTests", of: ["AlmanacJSON"], besides: ["Golden"]),
    tests("AlmanacICalendarTests", of: ["AlmanacICalendar", "AlmanacICalendarModel"], besides: ["Golden"]),
    tests("AlmanacMarkdownTests", of: ["AlmanacMarkdown", "AlmanacJSON", "AlmanacXML"], besides: ["Golden", "Fixtures"]),
    tests("AlmanacXMLTests", of: ["AlmanacXML"], besides: ["Golden"]),
    tests("AlmanacLibXMLTests", of: ["AlmanacLibXML"]),
    tests("AlmanacICalendarModelTests", of: ["AlmanacICalendarModel"]),
    tests("AlmanacJCalTests", of: ["AlmanacJCal", "AlmanacICalendarModel"], besides: ["Golden"]),
    tests("AlmanacXCalTests", of: ["AlmanacXCal", "AlmanacICalendarModel"], besides: ["Golden"]),
    tests("AlmanacJSONKitTests", of: ["AlmanacJSONKit"]),
    tests("AlmanacJSONLDTests", of: ["AlmanacJSONLD", "AlmanacJSONKit"], besides: ["Golden"]),
    tests("AlmanacCooklangTests", of: ["AlmanacCooklang", "AlmanacMarkdown", "AlmanacJSON"], besides: ["Golden"]),
    tests("AlmanacBenchTests", of: ["almanac-bench", "AlmanacFormats"]),
    tests("AlmanacPipelineTests", of: ["Almanac", "AlmanacFormats"]),
    tests("AlmanacCLITests", of: ["almanac", "AlmanacCLI", "Almanac", "AlmanacFormats"]),
]

let package = Package(
    name: "almanac",
    products: [
        .library(name: "Almanac", targets: ["AlmanacCore", "AlmanacFormats", "Almanac"]),
        .executable(name: "almanac", targets: ["almanac"]),
    ],
    targets: formatTargets + [
        .target(name: "AlmanacCore"),
        .target(name: "AlmanacICalendarModel", dependencies: ["AlmanacCore"]),
        .target(name: "AlmanacJSONKit", dependencies: ["AlmanacCore"]),
        .target(name: "AlmanacLibXML", dependencies: ["AlmanacCore", "CLibXML2"]),
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(
            name: "AlmanacFormats",
            dependencies: ["AlmanacCore"] + formatTargets.map { .target(name: $0.name) }
        ),
        // The pipeline library (`import Almanac`): the steps, reading, validation and writing of
        // `almanac convert … then …` for apps. Its folder is `Sources/AlmanacPipeline`, not
        // `Sources/Almanac`: that name differs from the executable's `Sources/almanac` only by
        // case, and the two would be one folder on a case-insensitive file system (macOS).
        .target(name: "Almanac", dependencies: ["AlmanacCore", "AlmanacFormats"], path: "Sources/AlmanacPipeline"),
        // The command line: argument parsing, help and printing over the library.
        .target(name: "AlmanacCLI", dependencies: ["Almanac", "AlmanacCore", "AlmanacFormats", "AlmanacICalendarModel", "AlmanacJSONKit"]),
        .executableTarget(name: "almanac", dependencies: ["AlmanacCLI"]),
        .executableTarget(
            name: "almanac-fuzz",
            dependencies: ["AlmanacCore", "AlmanacFormats"],
            path: "Sources/AlmanacFuzz",
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        .executableTarget(name: "almanac-bench", dependencies: ["AlmanacCore", "AlmanacFormats"], path: "Sources/AlmanacBench"),

        .target(name: "AlmanacTestSupport", dependencies: ["AlmanacCore"], path: "Tests/AlmanacTestSupport"),
    ] + testTargets,
    swiftLanguageModes: [.v6]
)

// A release build carries the Swift runtime and Foundation inside each program (what
// `swift build --static-swift-stdlib` does): one file to install, and a process that maps
// far fewer shared pages (a streamed conversion's peak memory: 36 -> 29 MB at 10 MB).
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
    if target.type == .executable {
        target.linkerSettings = (target.linkerSettings ?? []) + [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]
    }
}
