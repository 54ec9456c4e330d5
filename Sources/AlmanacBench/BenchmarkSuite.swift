import AlmanacCore
import AlmanacFormats
import Foundation

/// The whole benchmark: generates the inputs, runs almanac and each peer on the same
/// file in the same run, and prints throughput, peak memory and every ratio the
/// targets name, ending with a summary of the targets.
struct BenchmarkSuite {
    struct Settings {
        /// Where inputs and outputs go.
        var folder = "/tmp/almanac-bench"
        /// Megabytes of the main `.ics` calendar; the other inputs hold the same events.
        var megabytes = 30.0
        /// Megabytes of the large input of the flat-memory runs (the small one is 10 MB).
        var largeMegabytes = 1_000.0
        /// Recipes in the folder the Markdown peers read.
        var recipeFiles = 2_000
        /// Files of that folder `recipemd -j` runs on once each (start-up included).
        var cliSample = 40
        /// Runs of each almanac command; the fastest counts.
        var runs = 3
        var almanac = ""
        var venv = ".venv"
        var skipPeers = false
    }

    let settings: Settings
    private let runner: CommandRunner
    private var summary: [String] = []

    init(settings: Settings) {
        self.settings = settings
        runner = CommandRunner(scratchFolder: settings.folder)
    }

    mutating func run() throws {
        try FolderMaker.make(settings.folder)
        try FolderMaker.make(settings.folder + "/out")
        print("almanac-bench: \(settings.almanac), inputs in \(settings.folder)")
        let generator = CorpusGenerator(folder: settings.folder)
        if !generator.missingFormats.isEmpty {
            print("note: the registry has no \(generator.missingFormats.joined(separator: ", ")) codec; those inputs and runs are skipped")
        }
        let started = Date()
        let events = try generator.writeEvents(.megabytes(settings.megabytes))
        let recipes = try generator.writeRecipes(.megabytes(settings.megabytes), files: settings.recipeFiles)
        print("generated a \(fixed(settings.megabytes, 0)) MB calendar (\(sizeList(events))) and recipes in \(fixed(Date().timeIntervalSince(started), 1)) s")

        try icsToJSON(events["ics"]!)
        try markdownToJSON(recipes)
        try xmlToJSON(events["xml"])
        try throughputRuns(events: events, recipes: recipes)
        try flatMemory(generator)

        print("\n## Targets\n")
        summary.forEach { print($0) }
    }

    // MARK: Runs

    private mutating func icsToJSON(_ path: String) throws {
        section("ics → json (python icalendar 7.3.0: Calendar.from_ical, then to_ical)")
        let size = fileSize(path)
        let command = [settings.almanac, "convert", path, "-t", "json", "-o", out("events-from-ics.json")]
        var almanac: CommandRunner.Measurement
        if let libical = LibicalProgram.build(in: settings.folder) {
            let anchor: CommandRunner.Measurement
            (almanac, anchor) = try runner.measureInTurns(command, [libical, path], runs: settings.runs)
            report("almanac ics → json", size, almanac)
            report("libical 3.0.16 icalparser_parse (cc -O2)", size, anchor)
            let ratio = anchor.cpuSeconds / max(almanac.cpuSeconds, 1e-9)
            print("ratio: \(fixed(ratio, 2))× libical (CPU seconds: almanac \(fixed(almanac.cpuSeconds, 3)) s, libical \(fixed(anchor.cpuSeconds, 3)) s)")
            summary.append(target("ics → json ≥ 3× libical's parse", "\(fixed(ratio, 2))× (CPU \(fixed(almanac.cpuSeconds, 3)) s vs \(fixed(anchor.cpuSeconds, 3)) s)", ratio >= 3))
        } else {
            almanac = try runner.measure(command, runs: settings.runs)
            report("almanac ics → json", size, almanac)
        }
        guard let python = peerProgram("python") else {
            summary.append("- ics → json: \(mbps(size, almanac.seconds)) MB/s, peak \(mib(almanac.peakBytes)); python icalendar not run")
            return
        }
        let script = try writeScript("icalendar_peer.py", PeerScripts.icalendar)
        let peer = try runner.measure([python, script, path])
        let parse = PeerScripts.seconds("parse", in: peer.output) ?? peer.seconds
        let write = PeerScripts.seconds("write", in: peer.output) ?? 0
        print(row("icalendar from_ical (parse)", size, parse, peer.peakBytes))
        print(row("icalendar to_ical (write)", size, write, nil))
        let speedup = (Double(size) / almanac.seconds) / (Double(size) / parse)
        let memory = Double(peer.peakBytes) / Double(max(almanac.peakBytes, 1))
        print("ratio: \(fixed(speedup, 1))× icalendar's parse throughput, \(fixed((parse + write) / almanac.seconds, 1))× its parse + write; peak memory 1/\(fixed(memory, 1)) of its peak")
        // The target is of wall time, as the issue words it; CPU seconds, as the other peers are
        // compared, are printed beside it (they leave out time spent waiting for the disk or a core).
        if let parseCPU = PeerScripts.seconds("parse-cpu", in: peer.output) {
            print("in CPU seconds: \(fixed(parseCPU / max(almanac.cpuSeconds, 1e-9), 1))× (icalendar's parse \(fixed(parseCPU, 3)) s, almanac \(fixed(almanac.cpuSeconds, 3)) s)")
        }
        summary.append(target("ics → json ≥ 100× icalendar parse", "\(mbps(size, almanac.seconds)) MB/s vs \(mbps(size, parse)) MB/s = \(fixed(speedup, 1))×", speedup >= 100))
        summary.append(target("ics → json peak < 1/10 of icalendar's", "\(mib(almanac.peakBytes)) vs \(mib(peer.peakBytes)) = 1/\(fixed(memory, 1))", memory > 10))
    }

    private mutating func markdownToJSON(_ recipes: [String: String]) throws {
        section("Markdown recipes → json (recipemd 5.0.0)")
        guard let folder = recipes["folder"], let single = recipes["markdown"] else {
            summary.append("- markdown → json: skipped, no markdown codec")
            return
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".md") }.sorted().map { "\(folder)/\($0)" }
        let folderSize = files.reduce(0) { $0 + fileSize($1) }
        let almanac = try measureAlmanac(files + ["-t", "json", "-o", out("recipes-from-folder.json")])
        report("almanac \(files.count) files → json", folderSize, almanac)
        let whole = try measureAlmanac([single, "-t", "json", "-o", out("recipes-from-md.json")])
        report("almanac one recipes.md → json", fileSize(single), whole)
        guard let python = peerProgram("python"), let recipemd = peerProgram("recipemd") else {
            summary.append("- markdown → json: \(mbps(folderSize, almanac.seconds)) MB/s; recipemd not run")
            return
        }
        let script = try writeScript("recipemd_peer.py", PeerScripts.recipemd)
        let peer = try runner.measure([python, script, folder])
        let parse = PeerScripts.seconds("parse", in: peer.output) ?? peer.seconds
        print(row("recipemd parse + to_json, one process", folderSize, parse, peer.peakBytes))
        let sample = Array(files.prefix(settings.cliSample))
        let sampleSize = sample.reduce(0) { $0 + fileSize($1) }
        var cliSeconds = 0.0
        var cliPeak = 0
        for file in sample {
            let run = try runner.measure([recipemd, "-j", file], standardOutput: out("recipemd.json"))
            cliSeconds += run.seconds
            cliPeak = max(cliPeak, run.peakBytes)
        }
        print(row("recipemd -j, once per file (\(sample.count) files)", sampleSize, cliSeconds, cliPeak))
        let library = (Double(folderSize) / almanac.seconds) / (Double(folderSize) / parse)
        let cli = (Double(folderSize) / almanac.seconds) / (Double(sampleSize) / cliSeconds)
        print("ratio: \(fixed(library, 1))× recipemd's parser in one process; \(fixed(cli, 0))× `recipemd -j` run once per file")
        summary.append(target("markdown → json ≥ 50× recipemd", "\(mbps(folderSize, almanac.seconds)) MB/s vs \(mbps(folderSize, parse)) MB/s in one process = \(fixed(library, 1))× (vs `recipemd -j` per file: \(fixed(cli, 0))×)", library >= 50))
    }

    private mutating func xmlToJSON(_ path: String?) throws {
        section("xml → json (xmllint --stream: a bare xmlTextReader pass)")
        guard let path else {
            print("pending: the registry has no xml codec yet")
            summary.append("- xml → json ≥ 75% of xmllint --stream: **pending** (no xml codec in the registry)")
            return
        }
        let size = fileSize(path)
        let (almanac, peer) = try runner.measureInTurns([settings.almanac, "convert", path, "-t", "json", "-o", out("events-from-xml.json")], ["/usr/bin/xmllint", "--stream", "--noout", path], runs: settings.runs)
        report("almanac xml → json", size, almanac)
        report("xmllint --stream --noout", size, peer)
        let share = peer.cpuSeconds / max(almanac.cpuSeconds, 1e-9)
        summary.append(target("xml → json ≥ 75% of xmllint --stream", "\(fixed(share * 100, 0))% (CPU \(fixed(almanac.cpuSeconds, 3)) s vs \(fixed(peer.cpuSeconds, 3)) s; wall \(mbps(size, almanac.seconds)) MB/s vs \(mbps(size, peer.seconds)) MB/s)", share >= 0.75))
    }

    private mutating func throughputRuns(events: [String: String], recipes: [String: String]) throws {
        section("Writers and other conversions (`jq -c .` timed in turns on the same file, where the input is JSON)")
        var cases: [(label: String, input: String?, arguments: [String])] = [
            ("json → ics (events)", events["json"], ["-t", "ics", "--dtstamp", "2026-01-01T00:00:00Z", "-o", out("events-from-json.ics")]),
            ("json → md (events)", events["json"], ["-t", "md", "--today", CorpusGenerator.today, "-o", out("events-from-json.md")]),
            ("json → md (recipes)", recipes["json"], ["-t", "md", "-o", out("recipes-from-json.md")]),
            ("json → json (events)", events["json"], ["-t", "json", "-o", out("events-from-json.json")]),
            ("ndjson → ndjson (events)", events["ndjson"], ["-t", "ndjson", "-o", out("events-from-ndjson.ndjson")]),
            ("md → json (events agenda)", events["markdown"], ["-t", "json", "-o", out("events-from-md.json")]),
        ]
        cases.insert(("json → xml (events)", events["json"], ["-t", "xml", "-o", out("events-from-json.xml")]), at: 2)
        cases = cases.filter { $0.input != nil }
        let hasJQ = FileManager.default.isExecutableFile(atPath: "/usr/bin/jq")
        for (label, input, arguments) in cases {
            let size = fileSize(input!)
            let command = [settings.almanac, "convert", input!] + arguments
            // Against jq, each conversion is timed in turns with jq on the same file.
            let anchored = hasJQ && label.hasPrefix("json → ") && label != "json → json (events)"
            let measurement: CommandRunner.Measurement
            var jq: CommandRunner.Measurement?
            if anchored {
                (measurement, jq) = try runner.measureInTurns(command, ["/usr/bin/jq", "-c", ".", input!], runs: settings.runs, secondOutput: out("jq.json"))
            } else {
                measurement = try runner.measure(command, runs: settings.runs)
            }
            report(label, size, measurement)
            guard let jq else { continue }
            report("jq -c . (same file, in turns)", size, jq)
            let ratio = jq.cpuSeconds / max(measurement.cpuSeconds, 1e-9)
            summary.append(target("\(label) ≥ 3× `jq -c .`", "\(fixed(ratio, 2))× (CPU \(fixed(measurement.cpuSeconds, 3)) s vs \(fixed(jq.cpuSeconds, 3)) s)", ratio >= 3))
        }
    }

    private mutating func flatMemory(_ generator: CorpusGenerator) throws {
        section("Flat memory: 10 MB against \(fixed(settings.largeMegabytes, 0)) MB")
        var inputs: [String: (small: String, large: String)] = [:]
        for format in ["ics", "ndjson"] {
            let small = "\(settings.folder)/flat-10.\(format)"
            let large = "\(settings.folder)/flat-large.\(format)"
            _ = try generator.streamEvents(megabytes: 10, format: format, path: small)
            _ = try generator.streamEvents(megabytes: settings.largeMegabytes, format: format, path: large)
            inputs[format] = (small, large)
        }
        let outputs = ["ndjson", "json", "md", "ics", "xml", "jcal", "xcal"].filter { BuiltinFormats.registry.codec(named: $0) != nil }
        let pairs = [("ics", "ndjson")] + outputs.map { ("ndjson", $0) }
        for (from, to) in pairs {
            let files = inputs[from]!
            var arguments = ["-t", to, "-o", out("flat.\(to)")]
            if ["ics", "jcal", "xcal"].contains(to) { arguments += ["--dtstamp", "2026-01-01T00:00:00Z"] }
            if to == "md" { arguments += ["--today", CorpusGenerator.today] }
            let small = try runner.measure([settings.almanac, "convert", files.small] + arguments)
            let large = try runner.measure([settings.almanac, "convert", files.large] + arguments)
            report("\(from) → \(to), 10 MB", fileSize(files.small), small)
            report("\(from) → \(to), \(fixed(settings.largeMegabytes, 0)) MB", fileSize(files.large), large)
            let growth = Double(large.peakBytes) / Double(max(small.peakBytes, 1))
            summary.append(target("\(from) → \(to) streams (peak within 2×)", "\(mib(small.peakBytes)) at 10 MB, \(mib(large.peakBytes)) at \(fixed(settings.largeMegabytes, 0)) MB = \(fixed(growth, 1))×", growth <= 2))
        }
    }

    // MARK: Helpers

    private func measureAlmanac(_ arguments: [String]) throws -> CommandRunner.Measurement {
        try runner.measure([settings.almanac, "convert"] + arguments, runs: settings.runs)
    }

    private func peerProgram(_ name: String) -> String? {
        guard !settings.skipPeers else { return nil }
        let path = "\(settings.venv)/bin/\(name)"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            print("note: \(path) is missing; install the peers with: python3 -m venv .venv && .venv/bin/pip install -r Tests/peers-requirements.txt")
            return nil
        }
        return path
    }

    private func writeScript(_ name: String, _ text: String) throws -> String {
        let path = "\(settings.folder)/\(name)"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    private func out(_ name: String) -> String {
        "\(settings.folder)/out/\(name)"
    }

    private func section(_ title: String) {
        print("\n### \(title)\n")
        print("| run | input | time | throughput | peak memory |")
        print("| --- | ---: | ---: | ---: | ---: |")
    }

    private func report(_ label: String, _ size: Int, _ measurement: CommandRunner.Measurement) {
        print(row(label, size, measurement.seconds, measurement.peakBytes))
    }

    private func row(_ label: String, _ size: Int, _ seconds: Double, _ peak: Int?) -> String {
        "| \(label) | \(fixed(Double(size) / 1e6, 1)) MB | \(fixed(seconds, 3)) s | \(mbps(size, seconds)) MB/s | \(peak.map(mib) ?? "") |"
    }

    private func mbps(_ size: Int, _ seconds: Double) -> String {
        let value = Double(size) / 1e6 / max(seconds, 1e-9)
        return fixed(value, value >= 100 ? 0 : 1)
    }

    private func mib(_ bytes: Int) -> String {
        fixed(Double(bytes) / 1_048_576, 1) + " MiB"
    }

    private func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    private func target(_ name: String, _ figure: String, _ met: Bool) -> String {
        "- \(met ? "met" : "MISSED"): \(name): \(figure)"
    }

    private func sizeList(_ paths: [String: String]) -> String {
        paths.sorted { $0.key < $1.key }.map { "\($0.key) \(fixed(Double(fileSize($0.value)) / 1e6, 1)) MB" }.joined(separator: ", ")
    }
}
