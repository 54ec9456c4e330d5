import AlmanacTestSupport
import Foundation
import Testing

/// `scale` against recipemd 5.0.0's own scaling (`recipemd -m FACTOR` and `-y YIELD`): the same
/// yields and ingredient amounts (within 1e-9 of recipemd's exact decimals; almanac keeps ten
/// significant digits), units and names, on the RecipeMD conformance recipes with a yield and on
/// generated ones, from almanac's JSON output; and recipemd reads almanac's scaled Markdown
/// (fractions and all) to those amounts too.
@Suite("Peer: recipemd scaling", .enabled(if: Peers.shouldRun(pythonModule: "recipemd")))
struct ScalePeerTests {
    static let conformance = TestPaths.shared?.appendingPathComponent("conformance/recipemd")
    /// The conformance recipes with a yield, and yields to scale each to.
    static let conformanceYields: [String: [String]] = [
        "recipe.md": ["10 cups", "11 Tassen", "30 ml", "2"],
        "yields.md": ["10 servings", "3 cups", "3 Tassen", "10", "1/2"],
        "tags_yields.md": ["7 servings", "2,4 cups"],
        "yields_tags.md": ["5 servings", "1 Tassen"],
    ]
    static let factors = ["2", "3", "1/2", "1/3", "1.5", "2/3", "0,75", "1 1/4", "7"]

    /// One line of a recipe, as both sides can give it.
    struct Line: CustomStringConvertible {
        var path: String
        var name: String
        var unit: String?
        var amount: Double?
        var description: String { "\(path)\(name) [\(amount.map { "\($0)" } ?? "-") \(unit ?? "-")]" }

        func matches(_ other: Line) -> Bool {
            guard path == other.path, name == other.name, unit == other.unit else { return false }
            switch (amount, other.amount) {
            case (nil, nil): return true
            case let (a?, b?): return abs(a - b) <= 1e-9 * max(abs(a), abs(b)) + 1e-12
            default: return false
            }
        }
    }

    /// A recipe as recipemd's JSON gives it: its yields, then its ingredients depth first.
    static func peerLines(_ recipe: [String: Any]) -> [Line] {
        func amount(_ value: Any?) -> (Double?, String?) {
            guard let object = value as? [String: Any] else { return (nil, nil) }
            return ((object["factor"] as? String).flatMap(Double.init), object["unit"] as? String)
        }
        var lines = (recipe["yields"] as? [[String: Any]] ?? []).map { yield in
            let (factor, unit) = amount(yield)
            return Line(path: "yield ", name: "", unit: unit, amount: factor)
        }
        func add(_ list: [String: Any], _ path: String) {
            for ingredient in list["ingredients"] as? [[String: Any]] ?? [] {
                let (factor, unit) = amount(ingredient["amount"])
                lines.append(Line(path: path, name: ingredient["name"] as? String ?? "", unit: unit, amount: factor))
            }
            for group in list["ingredient_groups"] as? [[String: Any]] ?? [] {
                add(group, path + (group["title"] as? String ?? "") + " / ")
            }
        }
        add(recipe, "")
        return lines
    }

    /// A recipe as almanac's JSON gives it, in the same shape (name and note joined as RecipeMD sees them).
    static func almanacLines(_ recipe: [String: Any]) -> [Line] {
        var lines = (recipe["yields"] as? [[String: Any]] ?? []).map {
            Line(path: "yield ", name: "", unit: $0["unit"] as? String, amount: ($0["amount"] as? NSNumber)?.doubleValue)
        }
        func add(_ list: [String: Any], _ path: String) {
            for ingredient in list["ingredients"] as? [[String: Any]] ?? [] {
                let name = [ingredient["name"] as? String, ingredient["note"] as? String].compactMap { $0 }.joined(separator: ", ")
                lines.append(Line(path: path, name: name, unit: ingredient["unit"] as? String, amount: (ingredient["amount"] as? NSNumber)?.doubleValue))
            }
            for group in list["ingredientGroups"] as? [[String: Any]] ?? [] {
                add(group, path + (group["title"] as? String ?? "") + " / ")
            }
        }
        add(recipe, "")
        return lines
    }

    /// Where two recipes differ, or `nil`.
    static func difference(_ ours: [Line], _ theirs: [Line]) -> String? {
        guard ours.count != theirs.count || zip(ours, theirs).contains(where: { !$0.matches($1) }) else { return nil }
        return "almanac \(ours)\nrecipemd \(theirs)"
    }

    /// Runs recipemd's scaling in one process (see ``ScalePeerScripts/scale``).
    static func peer(_ operations: [[String]], _ files: [URL]) throws -> [[[String: Any]?]] {
        let python = try #require(Peers.python, "no python with recipemd: see Tests/peers-requirements.txt")
        let encoded = String(decoding: try JSONSerialization.data(withJSONObject: operations), as: UTF8.self)
        let result = try ProcessRunner.run(python, ["-c", ScalePeerScripts.scale, encoded] + files.map(\.path), timeout: 600)
        try #require(result.status == 0, "recipemd failed: \(result.stderrText)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [[Any]])
        return rows.map { $0.map { $0 as? [String: Any] } }
    }

    /// `almanac convert INPUT -t ndjson then scale OPTION VALUE`: the recipes by title.
    static func almanac(_ input: URL, _ option: String, _ value: String) throws -> [String: [String: Any]] {
        let result = try ProcessRunner.almanac(["convert", input.path, "-t", "ndjson", "then", "scale", option, value])
        try #require(result.status == 0, "almanac \(option) \(value) \(input.lastPathComponent): \(result.stderrText)")
        var recipes: [String: [String: Any]] = [:]
        for row in result.stdout.split(separator: UInt8(ascii: "\n")) {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(row)) as? [String: Any])
            recipes[object["title"] as? String ?? ""] = object
        }
        return recipes
    }

    /// `almanac convert INPUT -d FOLDER then scale OPTION VALUE`: the Markdown files written.
    static func almanacMarkdown(_ input: URL, _ option: String, _ value: String, scratch: URL) throws -> [URL] {
        let folder = scratch.appendingPathComponent("out-\(UUID().uuidString)")
        let result = try ProcessRunner.almanac(["convert", input.path, "-d", folder.path, "then", "scale", option, value])
        try #require(result.status == 0, "almanac -d \(option) \(value): \(result.stderrText)")
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "index.md" }.sorted()
            .map { folder.appendingPathComponent($0) }
    }

    /// recipemd's reading (`recipemd -j`) of each file, in one process.
    static func peerRead(_ files: [URL]) throws -> [[String: Any]] {
        try peer([], files).map { try #require($0.first ?? nil, "recipemd did not read a file almanac wrote") }
    }

    static func scratch() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-scale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test("every conformance recipe with a yield: the same amounts as recipemd -m and -y",
          .enabled(if: conformance != nil || Peers.required))
    func conformanceRecipes() throws {
        let folder = try #require(Self.conformance, "../shared/conformance/recipemd is missing (see ../shared/README.md)")
        let cli = try #require(Peers.python?.deletingLastPathComponent().appendingPathComponent("recipemd"))
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        var cases: [(label: String, theirs: [Line], markdown: URL)] = []
        for (name, yields) in Self.conformanceYields.sorted(by: { $0.key < $1.key }) {
            let file = folder.appendingPathComponent(name)
            let operations = Self.factors.map { ("--factor", "-m", $0) } + yields.map { ("--yield", "-y", $0) }
            for (option, flag, value) in operations {
                let label = "\(name) \(option) \(value)"
                let peer = try ProcessRunner.run(cli, ["-j", flag, value, file.path])
                try #require(peer.status == 0, "recipemd \(flag) \(value) \(name): \(peer.stderrText)")
                let theirs = Self.peerLines(try #require(try JSONSerialization.jsonObject(with: Data(peer.stdout)) as? [String: Any]))
                let ours = try #require(try Self.almanac(file, option, value).values.first)
                #expect(Self.difference(Self.almanacLines(ours), theirs) == nil, "\(label)")
                cases.append((label, theirs, try #require(try Self.almanacMarkdown(file, option, value, scratch: scratch).first)))
            }
        }
        let read = try Self.peerRead(cases.map(\.markdown))
        for (index, scaled) in cases.enumerated() {
            #expect(Self.difference(Self.peerLines(read[index]), scaled.theirs) == nil, "\(scaled.label), almanac's Markdown read by recipemd")
        }
        #expect(cases.count == Self.conformanceYields.count * Self.factors.count + Self.conformanceYields.values.map(\.count).reduce(0, +))
    }

    @Test("a yield in a unit the recipe does not have: both refuse, almanac with a usage error naming it",
          .enabled(if: conformance != nil || Peers.required))
    func missingYield() throws {
        let folder = try #require(Self.conformance, "../shared/conformance/recipemd is missing")
        let cli = try #require(Peers.python?.deletingLastPathComponent().appendingPathComponent("recipemd"))
        let file = folder.appendingPathComponent("recipe.md")
        let peer = try ProcessRunner.run(cli, ["-j", "-y", "8 servings", file.path])
        #expect(peer.status != 0)
        #expect(peer.stderrText.contains("does not specify a yield in the unit \"servings\""))
        let ours = try ProcessRunner.almanac(["convert", file.path, "-t", "json", "then", "scale", "--yield", "8 servings"])
        #expect(ours.status == 64)
        #expect(ours.stdout.isEmpty)
        #expect(ours.stderrText.hasPrefix("almanac: error: scale: recipe 'Title' ("), "\(ours.stderrText)")
        #expect(ours.stderrText.contains(") has no yield in 'servings'; its yields are '5 cups', '20 ml', '5 1/2 Tassen'\n"), "\(ours.stderrText)")
    }

    @Test("300 generated recipes: the same amounts as recipemd for every factor and yield")
    func generatedRecipes() throws {
        let scratch = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let input = scratch.appendingPathComponent("recipes")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        let generated = GeneratedRecipeMD.files(seed: 20_261_201, count: 300)
        for (name, text) in generated { try Data(text.utf8).write(to: input.appendingPathComponent(name)) }
        let operations = Self.factors.map { ("--factor", "m", $0) } + ["8 servings", "3 servings", "1/2 servings", "10"].map { ("--yield", "y", $0) }
        let files = generated.map { input.appendingPathComponent($0.name) }
        let peer = try Self.peer(operations.map { [$0.1, $0.2] }, files)
        try #require(peer.count == generated.count)
        var compared = 0
        var written: [(column: Int, files: [URL])] = []
        for (column, (option, _, value)) in operations.enumerated() {
            let ours = try Self.almanac(input, option, value)
            #expect(ours.count == generated.count)
            for row in generated.indices {
                let title = "Generated recipe \(row)"
                let theirs = try #require(peer[row][column], "recipemd refused \(option) \(value) for \(title)")
                #expect(Self.difference(Self.almanacLines(ours[title] ?? [:]), Self.peerLines(theirs)) == nil, "\(title) \(option) \(value)")
                compared += 1
            }
            written.append((column, try Self.almanacMarkdown(input, option, value, scratch: scratch)))
        }
        let read = try Self.peerRead(written.flatMap(\.files))
        var offset = 0
        for (column, files) in written {
            let (option, _, value) = operations[column]
            let byTitle = Dictionary(read[offset..<(offset + files.count)].map { ($0["title"] as? String ?? "", $0) }) { first, _ in first }
            offset += files.count
            #expect(byTitle.count == generated.count)
            for row in generated.indices {
                let title = "Generated recipe \(row)"
                guard let theirs = peer[row][column] else { continue }
                #expect(Self.difference(Self.peerLines(byTitle[title] ?? [:]), Self.peerLines(theirs)) == nil, "\(title) \(option) \(value), almanac's Markdown read by recipemd")
                compared += 1
            }
        }
        #expect(compared == 2 * generated.count * operations.count)
    }
}
