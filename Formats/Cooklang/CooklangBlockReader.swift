import AlmanacCore

/// Reads a whole Cooklang file, line by line over its bytes: front matter, `>> key: value`
/// lines, sections (`= Dough =`), notes (`> text`), comments (`-- …` to the end of the line,
/// `[- … -]` across lines) and steps (paragraphs, their lines joined by a space), each step
/// then read by ``CooklangInlineScanner``.
///
/// A comment starts at exactly two dashes (`---` is text, as in `hello ---`); a line that is
/// only a comment is no line at all (it neither breaks nor joins a paragraph); a block comment
/// left open runs to the end of the file, as cooklang-rs reads it.
///
/// Sections, steps and notes go to `sink` as they are read (``CooklangBlockSink``), so that
/// a step's items need not outlive it.
struct CooklangBlockReader<Sink: CooklangBlockSink> {
    private let bytes: UnsafeBufferPointer<UInt8>
    /// Where the sections and blocks go.
    private(set) var sink: Sink
    /// The metadata read so far, in source order.
    private var metadata: [CooklangMetadataEntry] = []
    /// The open paragraph: its bytes, where each piece came from, and whether it is a note.
    private var paragraph: [UInt8] = []
    private var pieces: [(start: Int, offset: Int)] = []
    private var paragraphOffset = 0
    private var isNote = false
    private var hasParagraph = false
    private var inBlockComment = false
    /// Whether the line before the paragraph was ``CooklangStep/listMarker``.
    private var marked = false

    init(_ bytes: UnsafeBufferPointer<UInt8>, sink: Sink) {
        self.bytes = bytes
        self.sink = sink
    }

    /// Reads the bytes into ``sink``; returns the metadata (front matter, then `>>` lines).
    /// Throws ``CooklangDecodingError`` for input that is not Cooklang.
    mutating func read() throws(CooklangDecodingError) -> [CooklangMetadataEntry] {
        var start = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        if let bad = UTF8Text.firstInvalid(bytes, from: start) {
            throw .invalidUTF8(at: SourcePosition(offset: bad, in: bytes))
        }
        if let (entries, body) = try CooklangFrontMatter.read(bytes, from: start) {
            metadata = entries
            start = body
        }
        var lineStart = start
        while lineStart < bytes.count {
            var lineEnd = ByteSearch.firstIndex(of: 0x0A, in: bytes, from: lineStart) ?? bytes.count
            let next = lineEnd + 1
            if lineEnd > lineStart, bytes[lineEnd - 1] == 0x0D { lineEnd -= 1 }
            try line(lineStart, lineEnd)
            lineStart = next
        }
        try flush()
        return metadata
    }

    /// One line, `start..<end` without its line break.
    private mutating func line(_ start: Int, _ end: Int) throws(CooklangDecodingError) {
        var from = start
        if inBlockComment {
            guard let close = Self.find(UInt8(ascii: "-"), UInt8(ascii: "]"), in: bytes, from: start, to: end) else { return }
            inBlockComment = false
            from = close + 2
            // The rest of a line whose start was in a comment continues the paragraph as it is.
            content(from, end, joined: false)
            return
        }
        var blank = true
        for index in start..<end where !UTF8Text.isBlank(bytes[index]) {
            blank = false
            break
        }
        if blank { return try flush() }
        if !hasParagraph, Self.isListMarker(bytes, start, end) {
            marked = true
            return
        }
        let first = bytes[start]
        if first == UInt8(ascii: "=") {
            try flush()
            var low = start
            while low < end, bytes[low] == UInt8(ascii: "=") { low += 1 }
            var high = end
            while high > low, bytes[high - 1] == UInt8(ascii: "=") || UTF8Text.isBlank(bytes[high - 1]) { high -= 1 }
            sink.section(CooklangText.trimmedString(bytes, low, high))
            return
        }
        if first == UInt8(ascii: ">"), start + 1 < end, bytes[start + 1] == UInt8(ascii: ">") {
            try flush()
            if let entry = CooklangFrontMatter.metadataLine(bytes, start + 2, end) { metadata.append(entry) }
            return
        }
        if first == UInt8(ascii: ">"), !hasParagraph || isNote {
            if !hasParagraph {
                hasParagraph = true
                isNote = true
                paragraphOffset = start
            }
            from = start + 1
            while from < end, UTF8Text.isBlank(bytes[from]) { from += 1 }
        }
        content(from, end, joined: true)
    }

    /// Appends the text of `start..<end` outside comments to the paragraph; `joined`: after a
    /// space when the paragraph already has a line.
    private mutating func content(_ start: Int, _ end: Int, joined: Bool) {
        var kept: [(Int, Int)] = []
        var index = start
        var pieceStart = start
        var sawComment = false
        while index < end {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if byte == UInt8(ascii: "-"), index + 1 < end, bytes[index + 1] == UInt8(ascii: "-"),
               index + 2 >= end || bytes[index + 2] != UInt8(ascii: "-"),
               index == start || bytes[index - 1] != UInt8(ascii: "-") {
                kept.append((pieceStart, index))
                sawComment = true
                pieceStart = end
                break
            }
            if byte == UInt8(ascii: "["), index + 1 < end, bytes[index + 1] == UInt8(ascii: "-") {
                kept.append((pieceStart, index))
                sawComment = true
                if let close = Self.find(UInt8(ascii: "-"), UInt8(ascii: "]"), in: bytes, from: index + 2, to: end) {
                    index = close + 2
                    pieceStart = index
                    continue
                }
                inBlockComment = true
                pieceStart = end
                break
            }
            index += 1
        }
        if pieceStart < end { kept.append((pieceStart, min(end, max(pieceStart, end)))) }
        if sawComment, kept.allSatisfy({ (low, high) in (low..<high).allSatisfy { UTF8Text.isBlank(bytes[$0]) } }) {
            // A line that is only a comment (and blanks) is no line.
            if !hasParagraph { return }
            if joined { return }
        }
        if !hasParagraph {
            hasParagraph = true
            isNote = false
            paragraphOffset = start
        } else if joined, !paragraph.isEmpty {
            paragraph.append(0x20)
        }
        for (low, high) in kept where low < high {
            pieces.append((paragraph.count, low))
            paragraph.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[low..<high]))
        }
    }

    /// Ends the open paragraph: a step or a note of the current section.
    private mutating func flush() throws(CooklangDecodingError) {
        defer {
            paragraph.removeAll(keepingCapacity: true)
            pieces.removeAll(keepingCapacity: true)
            hasParagraph = false
            isNote = false
            marked = false
        }
        guard hasParagraph else { return }
        if isNote {
            let (low, high) = CooklangText.trimmedRange(paragraph, 0, paragraph.count)
            sink.note(String(decoding: paragraph[low..<high], as: UTF8.self))
            return
        }
        // Taken out while the scanner reads them, so that the sink can change as it goes.
        var paragraph: [UInt8] = []
        var pieces: [(start: Int, offset: Int)] = []
        swap(&paragraph, &self.paragraph)
        swap(&pieces, &self.pieces)
        defer {
            swap(&paragraph, &self.paragraph)
            swap(&pieces, &self.pieces)
        }
        let source = bytes
        var any = false
        try paragraph.withUnsafeBufferPointer { buffer throws(CooklangDecodingError) in
            try pieces.withUnsafeBufferPointer { pieces throws(CooklangDecodingError) in
                var scanner = CooklangInlineScanner(buffer) { index in
                    var offset = pieces.first?.offset ?? 0
                    for piece in pieces where piece.start <= index { offset = piece.offset + index - piece.start }
                    return SourcePosition(offset: offset, in: source)
                }
                try scanner.forEachItem(text: { text in
                    any = true
                    sink.text(text)
                }, item: { item in
                    any = true
                    sink.item(item)
                })
            }
        }
        sink.endStep(any ? (offset: paragraphOffset, listsIngredients: marked) : nil)
    }

    /// Whether `start..<end` is the marker line (trailing blanks allowed).
    private static func isListMarker(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let marker = CooklangStep.listMarker.utf8
        var high = end
        while high > start, UTF8Text.isBlank(bytes[high - 1]) { high -= 1 }
        return high - start == marker.count && zip(start..<high, marker).allSatisfy { bytes[$0.0] == $0.1 }
    }

    /// The index of `first` followed by `second` in `start..<end`, or `nil`.
    static func find(_ first: UInt8, _ second: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start
        while index + 1 < end {
            if bytes[index] == first, bytes[index + 1] == second { return index }
            index += 1
        }
        return nil
    }
}

/// Where ``CooklangBlockReader`` puts what it reads, as it reads it.
protocol CooklangBlockSink {
    /// A section line (`= Dough =`): the paragraphs after it are its own.
    mutating func section(_ title: String?)
    /// A note of the current section (an untitled one begins when none has).
    mutating func note(_ text: String)
    /// The next text of the step being read, its bytes (a ``CooklangItem/text(_:)``).
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>)
    /// The next component of the step being read.
    mutating func item(_ item: CooklangItem)
    /// Ends the step whose items came (`nil`: a paragraph that held none, no step) as a step
    /// of the current section (an untitled one begins when none has).
    mutating func endStep(_ step: (offset: Int, listsIngredients: Bool)?)
}

/// Collects what ``CooklangBlockReader`` reads into a ``CooklangParsedRecipe``.
struct CooklangParseCollector: CooklangBlockSink {
    var recipe = CooklangParsedRecipe()
    private var items: [CooklangItem] = []

    mutating func section(_ title: String?) {
        recipe.sections.append(CooklangSection(title: title))
    }

    mutating func note(_ text: String) {
        append(.note(text))
    }

    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        items.append(.text(String(decoding: bytes, as: UTF8.self)))
    }

    mutating func item(_ item: CooklangItem) {
        items.append(item)
    }

    mutating func endStep(_ step: (offset: Int, listsIngredients: Bool)?) {
        defer { items = [] }
        guard let step else { return append(nil) }
        append(.step(CooklangStep(items: items, offset: step.offset, listsIngredients: step.listsIngredients)))
    }

    private mutating func append(_ block: CooklangBlock?) {
        if recipe.sections.isEmpty { recipe.sections.append(CooklangSection(title: nil)) }
        if let block { recipe.sections[recipe.sections.count - 1].blocks.append(block) }
    }
}
