import AlmanacTestSupport
import Foundation
import Testing

/// `almanac convert … -d SITE --site hugo|jekyll` built by the real generators (Debian's
/// `hugo` 0.111 and `jekyll` 4.3, with their default settings and no theme): every recipe
/// and event has its page with its title once, every link between pages reaches a page of
/// the built site, and each recipe page's JSON-LD parses and names the recipe. Skipped when
/// the generator is missing, unless `ALMANAC_REQUIRE_PEERS=1`.
@Suite("Sites built by Hugo and Jekyll")
struct SiteBuildTests {
    static let inputs = ["Samples/recipes.json", "Samples/events.json"]
    /// A recipe whose texts look like Hugo shortcodes and Liquid, which must stay text.
    static let curly = "Curly {{% x %}} {{< y >}} {{ z }} {% if a %}"
    static let curlyJSON = #"{"almanac": 1, "recipes": [{"id": "curly", "title": "\#(curly)", "ingredients": [{"amount": 1, "name": "{{% egg %}}"}], "directions": ["Stir {{< spoon >}} {% raw %} well."]}]}"#

    /// The titles of the sample recipes and events.
    static func titles(_ kind: String, in sample: String) throws -> [String] {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: TestPaths.sample(sample))) as? [String: Any]
        return (root?[kind] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    @Test("Hugo builds the site in a site made with 'hugo new site'", .enabled(if: Peers.program("hugo") != nil || Peers.required))
    func hugo() throws {
        let hugo = try #require(Peers.program("hugo"), "hugo is not on the PATH: apt-get install -y hugo")
        let scratch = try ScratchFolder()
        let site = scratch.url.appendingPathComponent("mysite")
        let created = try ProcessRunner.run(hugo, ["new", "site", site.path], timeout: 60)
        #expect(created.status == 0, "\(created.stderrText)")
        try convert(into: site, "hugo")
        let built = try ProcessRunner.run(hugo, ["--source", site.path], timeout: 60)
        #expect(built.status == 0, "\(built.stdoutText)\(built.stderrText)")
        #expect(!built.stderrText.contains("ERROR"), "\(built.stderrText)")
        try check(site.appendingPathComponent("public"))
    }

    @Test("Jekyll builds the site folder as it is, without a configuration", .enabled(if: Peers.program("jekyll") != nil || Peers.required))
    func jekyll() throws {
        let jekyll = try #require(Peers.program("jekyll"), "jekyll is not on the PATH: apt-get install -y jekyll")
        let scratch = try ScratchFolder()
        let site = scratch.url.appendingPathComponent("mysite")
        try convert(into: site, "jekyll")
        let output = site.appendingPathComponent("_site")
        let built = try ProcessRunner.run(jekyll, ["build", "--source", site.path, "--destination", output.path], directory: site, timeout: 120)
        #expect(built.status == 0, "\(built.stdoutText)\(built.stderrText)")
        try check(output)
    }

    private func convert(into site: URL, _ generator: String) throws {
        let curly = site.deletingLastPathComponent().appendingPathComponent("curly.json")
        try Data(Self.curlyJSON.utf8).write(to: curly)
        let result = try CLI.run(["convert"] + Self.inputs + [curly.path, "-d", site.path, "--site", generator])
        #expect(result.status == 0, "\(result.stderrText)")
    }

    /// Every sample item has one page titled by it; links between pages resolve; recipes carry JSON-LD.
    private func check(_ output: URL) throws {
        let pages = try Self.htmlPages(output)
        var byTitle: [String: [String]] = [:]
        for (path, html) in pages {
            if let title = Self.between(html, "<title>", "</title>").first.map(Self.unescape) {
                byTitle[String(title.components(separatedBy: " · ")[0]), default: []].append(path)
            }
        }
        let recipes = try Self.titles("recipes", in: "recipes.json") + [Self.curly]
        let events = try Self.titles("events", in: "events.json")
        #expect(recipes.count == 7 && events.count == 6)
        let curly = byTitle[Self.curly]?.first.flatMap { pages[$0] } ?? ""
        #expect(Self.unescape(curly.replacingOccurrences(of: "&#37;", with: "%")).contains("Stir {{< spoon >}} {% raw %} well."), "\(curly)")
        for title in recipes + events + ["Recipes", "Agenda"] {
            let found = byTitle[title] ?? []
            #expect(found.count == 1, "one page titled '\(title)', found \(found)")
            guard let path = found.first, let html = pages[path] else { continue }
            #expect(html.components(separatedBy: "<h1").count == 2, "\(path): the title once, as the one heading")
            #expect(!html.contains("raw HTML omitted"), "\(path)")
        }
        for title in recipes {
            guard let path = byTitle[title]?.first, let html = pages[path] else { continue }
            #expect(path.hasPrefix("recipes/"), "\(path)")
            let blocks = Self.between(html, "<script type=\"application/ld+json\">", "</script>")
            #expect(blocks.count == 1, "\(path)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data((blocks.first ?? "").utf8)) as? [String: Any], "\(path)")
            #expect(object["@type"] as? String == "Recipe" && object["name"] as? String == title, "\(path)")
            #expect((object["recipeIngredient"] as? [String])?.isEmpty == false, "\(path)")
            let steps = object["recipeInstructions"] as? [[String: Any]] ?? []
            #expect(!steps.isEmpty && steps.allSatisfy { ["HowToStep", "HowToSection"].contains($0["@type"] as? String) }, "\(path)")
        }
        var links = 0
        for (path, html) in pages {
            for href in Self.between(html, "href=\"", "\"") where !href.contains(":") && !href.hasPrefix("#") {
                links += 1
                let target = try #require(Self.resolve(href, from: path), "\(path): \(href) leaves the site")
                #expect(pages[target] != nil, "\(path): \(href) is no page of the built site (\(target))")
            }
        }
        #expect(links >= 7 + 6 + 1 + 2 + 2, "the list pages link every page, an ingredient and tasks link recipes")
        let agenda = byTitle["Agenda"]?.first.flatMap { pages[$0] } ?? ""
        #expect(Self.between(agenda, "href=\"", "\"").filter { !$0.hasPrefix("..") }.count == events.count, "every event, the future ones too")
    }

    /// The HTML files under `root`, by path relative to it.
    static func htmlPages(_ root: URL) throws -> [String: String] {
        var pages: [String: String] = [:]
        let rootPath = root.standardizedFileURL.path + "/"
        guard let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return pages }
        for case let url as URL in files where url.pathExtension == "html" {
            let path = url.standardizedFileURL.path
            pages[String(path.dropFirst(rootPath.count))] = try String(contentsOf: url, encoding: .utf8)
        }
        return pages
    }

    /// The texts between each `open` and the next `close`.
    static func between(_ text: String, _ open: String, _ close: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let start = rest.range(of: open), let end = rest[start.upperBound...].range(of: close) {
            found.append(String(rest[start.upperBound..<end.lowerBound]))
            rest = rest[end.upperBound...]
        }
        return found
    }

    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&quot;", with: "\"")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    /// The file a relative or root-relative `href` on the page at `path` names (`DIR/` is
    /// `DIR/index.html`), or `nil` when it leaves the site.
    static func resolve(_ href: String, from path: String) -> String? {
        var parts = href.hasPrefix("/") ? [] : path.split(separator: "/").dropLast().map(String.init)
        for part in href.split(separator: "/", omittingEmptySubsequences: true) {
            if part == ".." {
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            } else if part != "." {
                parts.append(String(part))
            }
        }
        if href.hasSuffix("/") || parts.last?.contains(".") != true { parts.append("index.html") }
        return parts.joined(separator: "/")
    }
}
