import AlmanacCore
import Testing
@testable import AlmanacMarkdown

/// `-d DIR`: one page per item named by a unique ASCII slug, never outside DIR, plus `index.md`.
@Suite("Split output")
struct SplitTests {
    static let titles = ["Banana Bread", "Banana bread", "banana-bread", "../../etc/passwd", "/tmp/x", "Crème brûlée",
                         "", "Index", "日本語", "Maya's Birthday", String(repeating: "long ", count: 30)]

    static func files(frontMatter: Bool = false) throws -> [OutputFile] {
        var document = AlmanacDocument(recipes: titles.map { Recipe(id: $0, title: $0) })
        document.events = [Event(id: "E1", title: "Banana Bread", start: .date(CivilDate(year: 2026, month: 12, day: 24)!))]
        return try MarkdownTesting.codec.encodeFiles(document, options: EncodingOptions(frontMatter: frontMatter, today: MarkdownTesting.day("2026-12-10")))
    }

    @Test("slugs are lowercase ASCII, unique, and stay inside the folder")
    func slugs() throws {
        let paths = try Self.files().map(\.relativePath)
        #expect(Array(paths.prefix(4)) == ["banana-bread.md", "banana-bread-2.md", "banana-bread-3.md", "etc-passwd.md"])
        #expect(paths[4] == "tmp-x.md")
        #expect(paths[5] == "creme-brulee.md")
        #expect(paths[6] == "recipe.md")
        #expect(paths[7] == "index-2.md")
        #expect(paths[8] == "recipe-2.md")
        #expect(paths[9] == "mayas-birthday.md")
        #expect(paths[11] == "banana-bread-4.md")
        #expect(paths.last == "index.md")
        #expect(Set(paths).count == paths.count)
        for path in paths {
            #expect(path.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
            #expect(!path.contains("..") && !path.hasPrefix("/") && path.count <= 63)
        }
    }

    @Test("every page reads back as its item, and the index links them all", arguments: [false, true])
    func pages(frontMatter: Bool) throws {
        let files = try Self.files(frontMatter: frontMatter)
        for (file, title) in zip(files, Self.titles) {
            let document = try MarkdownTesting.codec.decode(file.bytes, source: file.relativePath).document
            #expect(document.recipes.map(\.title) == [title.trimmingCharacters(in: .whitespaces)])
        }
        let event = try MarkdownTesting.codec.decode(files[files.count - 2].bytes, source: "event").document
        #expect(event.events.map(\.id) == ["E1"])
        if frontMatter {
            let text = String(decoding: files[files.count - 2].bytes, as: UTF8.self)
            #expect(text.hasPrefix("---\ntitle: \"Banana Bread\"\ndate: \"2026-12-24\"\n---\n"), "titled by the event, dated by its start")
        }
        let index = try #require(files.last)
        let text = String(decoding: index.bytes, as: UTF8.self)
        for file in files.dropLast() { #expect(text.contains("](\(file.relativePath))")) }
        #expect(text.contains("- [../../etc/passwd](etc-passwd.md)"))
        #expect(try MarkdownTesting.codec.decode(index.bytes, source: "index.md").document.isEmpty)
    }
}
