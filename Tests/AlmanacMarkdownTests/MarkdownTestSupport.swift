import AlmanacCore
import AlmanacJSON
import AlmanacTestSupport
import Foundation
@testable import AlmanacMarkdown

/// Helpers shared by the Markdown tests.
enum MarkdownTesting {
    /// A codec whose agenda counts days in UTC, so golden files do not depend on the machine.
    static let codec = MarkdownCodec(timeZone: TimeZone(identifier: "UTC")!)

    static func decode(_ text: String, source: String = "test.md") throws -> DecodeResult {
        try codec.decode(Array(text.utf8), source: source)
    }

    static func encode(_ document: AlmanacDocument, frontMatter: Bool = false, today: String = "2026-12-10") throws -> EncodeResult {
        try codec.encode(document, options: EncodingOptions(frontMatter: frontMatter, today: day(today)))
    }

    /// The day `text` (`YYYY-MM-DD`) names.
    static func day(_ text: String) -> CivilDate {
        guard case .date(let day)? = ISO8601Text.parseCalendarTime(Array(text.utf8)) else { preconditionFailure("not a date: \(text)") }
        return day
    }

    static func text(_ result: EncodeResult) -> String {
        String(decoding: result.bytes, as: UTF8.self)
    }

    /// A sample JSON file read with the JSON codec.
    static func sample(_ name: String) throws -> AlmanacDocument {
        try JSONCodec().decode(Array(try Data(contentsOf: TestPaths.sample(name))), source: name).document
    }

    /// The RecipeMD view of a single recipe (texts as written), as the conformance cases describe it.
    static func recipeMD(_ text: String) throws -> RecipeMDRecipe {
        let source = try MarkdownSource(Array(text.utf8))
        let blocks = try BlockParser().parse(source.lines.indices.map { ParserLine(number: $0, text: source.lines[$0]) })
        var parser = RecipeMDParser(source: source, blocks: blocks, endLine: source.lines.count)
        return try parser.parse()
    }

    /// A link destination as markdown-it (and so RecipeMD) reports it: percent-encoded
    /// except for URL punctuation and existing `%XX` escapes.
    static func normalizedHref(_ destination: String) -> String {
        let keep = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789;/?:@&=+$,-_.!~*'()#".utf8)
        let bytes = Array(destination.utf8)
        var output = ""
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%"), index + 2 < bytes.count, bytes[index + 1...index + 2].allSatisfy({ $0.isHexDigit }) {
                output += "%"
            } else if keep.contains(byte) {
                output.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                output += String(format: "%%%02X", byte)
            }
            index += 1
        }
        return output
    }

    /// The `recipemd` command beside the peer Python (`.venv/bin/recipemd`), if there is one.
    static var recipemdCLI: URL? {
        Peers.python.map { $0.deletingLastPathComponent().appendingPathComponent("recipemd") }
    }

    /// `pandoc` on the PATH.
    static let pandoc = onPath("pandoc")

    /// `xmllint` (Debian's `libxml2-utils`) on the PATH.
    static let xmllint = onPath("xmllint")

    /// The program `name` in a folder of the PATH, or `nil`.
    static func onPath(_ name: String) -> URL? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let url = URL(fileURLWithPath: String(folder)).appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }
}

extension UInt8 {
    var isHexDigit: Bool {
        (48...57).contains(self) || (65...70).contains(self) || (97...102).contains(self)
    }
}

/// The JSON codec, for trips through JSON.
enum JSONCodecBridge {
    static let codec = JSONCodec()
}
