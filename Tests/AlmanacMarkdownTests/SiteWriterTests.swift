import AlmanacCore
import AlmanacTestSupport
import Foundation
import Testing
@testable import AlmanacMarkdown

/// `-d SITE --site hugo|jekyll`: the files, their front matter and the links between pages.
/// The generators themselves build these folders in `AlmanacCLITests/SiteBuildTests.swift`.
@Suite("Site writer")
struct SiteWriterTests {
    /// A codec whose structured data names the recipe and holds a `</script>`, to see where it goes.
    static let codec = MarkdownCodec(timeZone: TimeZone(identifier: "UTC")!, structuredData: { recipe in
        ("{\"name\":\"\(recipe.title)\",\"note\":\"</script>\"}", [Diagnostic(.warning, "left out")])
    })

    static func document() throws -> AlmanacDocument {
        var document = try MarkdownTesting.sample("recipes.json")
        document.events = try MarkdownTesting.sample("events.json").events
        return document
    }

    static let recipeSlugs = ["apple-galette", "guava-syrup", "guava-kombucha", "party-cheese-plate", "camp-chili", "weeknight-tomato-soup"]
    static let eventSlugs = ["mayas-birthday", "game-night", "new-years-eve-countdown", "flight-to-berlin", "doctors-appointment", "camping-at-big-sur"]

    static func files(_ site: SiteGenerator, today: String = "2026-12-10") throws -> [String: OutputFile] {
        let files = try codec.encodeFiles(try document(), options: EncodingOptions(site: site, today: MarkdownTesting.day(today)))
        return Dictionary(files.map { ($0.relativePath, $0) }, uniquingKeysWith: { first, _ in first })
    }

    static func text(_ file: OutputFile?) -> String {
        file.map { String(decoding: $0.bytes, as: UTF8.self) } ?? ""
    }

    static func matter(_ file: OutputFile?) throws -> FrontMatter {
        try #require(FrontMatter.split(text(file))).matter
    }

    @Test("Hugo: pages and list pages under content/, the layout and taxonomies only when missing")
    func hugoPaths() throws {
        let files = try Self.files(.hugo)
        let document = try Self.document()
        #expect(files.count == document.recipes.count + document.events.count + 4)
        for path in ["content/recipes/apple-galette.md", "content/recipes/guava-syrup.md", "content/recipes/_index.md",
                     "content/events/mayas-birthday.md", "content/events/_index.md"] {
            #expect(files[path]?.replacesExisting == true, "\(path)")
        }
        #expect(files["layouts/_default/almanac.html"]?.replacesExisting == false)
        #expect(files["config/_default/taxonomies.toml"]?.replacesExisting == false)
        #expect(Self.text(files["config/_default/taxonomies.toml"]).contains("favorite = \"favorites\""))
        for file in files.values where file.relativePath.hasSuffix(".md") {
            #expect(try Self.matter(file)["layout"]?.value == .scalar("almanac"))
            #expect(try Self.matter(file)["permalink"] == nil, "Hugo's own pretty URLs")
        }
    }

    @Test("Jekyll: pages at the root, each with its permalink and without Liquid")
    func jekyllPaths() throws {
        let files = try Self.files(.jekyll)
        #expect(files["_layouts/almanac.html"]?.replacesExisting == false)
        #expect(files["recipes/index.md"] != nil && files["events/index.md"] != nil)
        for file in files.values where file.relativePath.hasSuffix(".md") {
            let matter = try Self.matter(file)
            let page = file.relativePath.hasSuffix("/index.md") ? String(file.relativePath.dropLast("index.md".count))
                                                                : String(file.relativePath.dropLast(3)) + "/"
            #expect(matter["permalink"]?.value == .scalar("/" + page))
            #expect(matter["render_with_liquid"]?.value == .scalar("false"))
        }
    }

    @Test("each page has its title once in the body, and the layout prints no title of its own", arguments: SiteGenerator.allCases)
    func titleOnce(site: SiteGenerator) throws {
        let files = try Self.files(site)
        let document = try Self.document()
        let base = site == .hugo ? "content/" : ""
        let titles: [String] = document.recipes.map(\.title) + document.events.map(\.title)
        let paths: [String] = Self.recipeSlugs.map { "recipes/" + $0 } + Self.eventSlugs.map { "events/" + $0 }
        let pages = Array(zip(titles, paths))
        for (title, page) in pages {
            let file = try #require(files[base + page + ".md"], "\(page)")
            #expect(try Self.matter(file)["title"]?.value == .scalar(title))
            let body = try #require(FrontMatter.split(Self.text(file))).body
            #expect(body.hasPrefix("\n# "), "\(page)")
            #expect(body.components(separatedBy: "\n# ").count == 2, "\(page)")
        }
        let layout = Self.text(files.first { $0.key.hasSuffix("almanac.html") }?.value)
        #expect(!layout.contains("<h1") && layout.contains("<title>"))
    }

    @Test("links between pages point at pages: index to page, ingredient to recipe, task to recipe, list to list", arguments: SiteGenerator.allCases)
    func links(site: SiteGenerator) throws {
        let files = try Self.files(site)
        let base = site == .hugo ? "content/" : ""
        let index = Self.text(files[base + "recipes/" + site.listPage])
        for slug in Self.recipeSlugs {
            #expect(index.contains("](\(slug)/)"), "\(slug)")
        }
        #expect(index.contains("[Agenda](../events/)"))
        #expect(!index.contains(".md)") && !index.contains("<!--"))
        #expect(Self.text(files[base + "recipes/guava-kombucha.md"]).contains("- *1/2 cup* [guava syrup](../guava-syrup/)"))
        let birthday = Self.text(files[base + "events/mayas-birthday.md"])
        #expect(birthday.contains("- [x] [Guava kombucha](../../recipes/guava-kombucha/)"))
        #expect(birthday.contains("- [ ] Cheese plate"), "a task that only shares words with a recipe stays text")
        #expect(Self.text(files[base + "events/camping-at-big-sur.md"]).contains("[Make the camp chili](../../recipes/camp-chili/)"))
        let agenda = Self.text(files[base + "events/" + site.listPage])
        #expect(agenda.contains("## Next 7 Days\n\n- [Maya's Birthday](mayas-birthday/): Sat 2026-12-12 15:00"))
        #expect(agenda.contains("[Recipes](../recipes/)"))
        for file in files.values where file.relativePath.hasSuffix(".md") {
            #expect(!Self.text(file).contains("<!--"), "\(file.relativePath): no HTML comment, which Hugo shows as 'raw HTML omitted'")
        }
    }

    @Test("front matter: date and lastmod from dateAdded and dateModified, taxonomies, the JSON-LD safe in a script block")
    func recipeMatter() throws {
        let matter = try Self.matter(try Self.files(.hugo)["content/recipes/apple-galette.md"])
        #expect(matter["date"]?.value == .scalar("2026-10-03T17:20:00Z"))
        #expect(matter["lastmod"]?.value == .scalar("2026-11-28T18:42:07.5Z"))
        #expect(matter["tags"]?.value == .list(["apple", "baking", "fall"]))
        #expect(matter["categories"]?.value == .list(["Desserts", "Holiday baking"]))
        #expect(matter["favorites"]?.value == .list(["favorite"]))
        #expect(matter["jsonld"]?.value == .scalar("{\"name\":\"Apple Galette\",\"note\":\"\\u003c/script>\"}"))
        #expect(try Self.matter(try Self.files(.hugo)["content/recipes/guava-syrup.md"])["favorites"] == nil)
    }

    @Test("event pages: titled by the event, dated by its start (a zoned start with its offset), attributes in front matter")
    func eventMatter() throws {
        let matter = try Self.matter(try Self.files(.jekyll)["events/mayas-birthday.md"])
        #expect(matter["title"]?.value == .scalar("Maya's Birthday"))
        #expect(matter["date"]?.value == .scalar("2026-12-12T15:00:00-08:00"))
        #expect(matter["start"]?.value == .scalar("2026-12-12T15:00:00[America/Los_Angeles]"))
        #expect(matter["categories"]?.value == .list(["Birthday", "Family"]))
        #expect(matter["publishDate"] == nil, "Jekyll builds pages whatever their date")
    }

    @Test("Hugo: a page dated after it is written is published when it is written, so buildFuture = false still builds it")
    func future() throws {
        let files = try Self.files(.hugo, today: "2026-12-10")
        let camping = try Self.matter(files["content/events/camping-at-big-sur.md"])
        let written = try #require(camping["publishDate"]?.value.scalar.flatMap { ISO8601Text.parseCalendarTime(Array($0.utf8)) }?.instant())
        #expect(written <= Date())
        #expect(written <= Date(timeIntervalSince1970: 1_796_860_800), "no later than --today, 2026-12-10")
        #expect(try Self.matter(files["content/recipes/weeknight-tomato-soup.md"])["publishDate"] != nil, "added 2026-12-10T19:05Z")
        #expect(try Self.matter(files["content/recipes/camp-chili.md"])["publishDate"] == nil, "added 2026-09-12, before it is written")
        let earlier = try Self.files(.hugo, today: "2026-09-01")
        #expect(try Self.matter(earlier["content/recipes/camp-chili.md"])["publishDate"]?.value == .scalar("2026-09-01T00:00:00Z"))
    }

    @Test("recipe pages read back as their recipes; list pages read as no items", arguments: SiteGenerator.allCases)
    func readBack(site: SiteGenerator) throws {
        let files = try Self.files(site)
        let base = site == .hugo ? "content/" : ""
        let recipes = try Self.document().recipes
        for (recipe, slug) in zip(recipes, Self.recipeSlugs) {
            let file = try #require(files[base + "recipes/" + slug + ".md"])
            let read = try #require(try MarkdownTesting.codec.decode(file.bytes, source: file.relativePath).document.recipes.first)
            #expect(read.id == recipe.id && read.title == recipe.title && read.tags == recipe.tags && read.rating == recipe.rating)
            #expect(read.dateAdded?.instant() == recipe.dateAdded?.instant())
            #expect(read.directionGroups == recipe.directionGroups)
        }
        for section in ["recipes/", "events/"] {
            let list = try #require(files[base + section + site.listPage])
            #expect(try MarkdownTesting.codec.decode(list.bytes, source: list.relativePath).document.isEmpty)
        }
    }

    @Test("a site's recipe pages read back and written as a site again have each key once")
    func siteAgain() throws {
        let pages = try Self.files(.hugo).values.filter { $0.relativePath.hasPrefix("content/recipes/") }
        var document = AlmanacDocument()
        for page in pages { document.recipes += try MarkdownTesting.codec.decode(page.bytes, source: page.relativePath).document.recipes }
        #expect(document.recipes.count == 6)
        document.recipes[0].isFavorite = false
        let again = try Self.codec.encodeFiles(document, options: EncodingOptions(site: .hugo))
        for file in again where file.relativePath.hasPrefix("content/recipes/") {
            let keys = try Self.matter(file).entries.map(\.key)
            #expect(Set(keys).count == keys.count, "\(file.relativePath): \(keys)")
        }
        let first = try #require(again.first { try Self.matter($0)["id"]?.value == .scalar(document.recipes[0].id) })
        #expect(try Self.matter(first)["favorites"] == nil)
    }

    @Test("recipemd reads every recipe page, after the front matter it does not read", .enabled(if: Peers.shouldRun(pythonModule: "recipemd")),
          arguments: SiteGenerator.allCases)
    func recipemd(site: SiteGenerator) throws {
        let cli = try #require(MarkdownTesting.recipemdCLI, "no python with recipemd: see Tests/peers-requirements.txt")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("almanac-site-recipemd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let pages = try Self.files(site).values.filter { $0.relativePath.contains("recipes/") && !$0.relativePath.hasSuffix("index.md") }
        #expect(pages.count == 6)
        for page in pages {
            let split = try #require(FrontMatter.split(Self.text(page)))
            let url = folder.appendingPathComponent(page.relativePath.split(separator: "/").last.map(String.init) ?? "page.md")
            try Data(split.body.utf8).write(to: url)
            let result = try ProcessRunner.run(cli, ["-j", url.path])
            #expect(result.status == 0, "\(page.relativePath): \(result.stderrText)")
            let peer = try JSONSerialization.jsonObject(with: Data(result.stdout)) as? [String: Any]
            #expect(peer?["title"] as? String == split.matter["title"]?.value.scalar, "\(page.relativePath)")
        }
    }

    /// (A generator almanac does not know cannot be asked for: ``EncodingOptions/site`` is
    /// a ``SiteGenerator``; the command line refuses `--site gatsby`, `AlmanacCLITests`.)
    @Test("--site needs -d")
    func errors() throws {
        #expect(throws: MarkdownEncodingError.siteNeedsFolder) {
            try Self.codec.encode(try Self.document(), options: EncodingOptions(site: .hugo))
        }
    }
}
