import Almanac

/// Prints diagnostics to standard error as `file:line:column: severity: message`,
/// followed by the offending line and a caret under the column when the source is at hand;
/// one about no file as `almanac: severity: message`, as compilers print theirs.
struct DiagnosticPrinter {
    let console: Console

    /// Prints `diagnostic`; `sourceBytes` is the input it is about, when in memory.
    /// Without `excerpt` only the first line is printed.
    func print(_ diagnostic: Diagnostic, sourceBytes: [UInt8]? = nil, excerpt: Bool = true) {
        console.error(diagnostic.source == nil ? "almanac: \(diagnostic.rendered)" : diagnostic.rendered)
        guard excerpt, let position = diagnostic.position else { return }
        var bytes = sourceBytes
        if bytes == nil, let path = diagnostic.source, path != "<stdin>" {
            bytes = try? FileIO.readAll(path)
        }
        guard let bytes, let excerpt = Self.excerpt(of: bytes, at: position) else { return }
        console.error(excerpt.line)
        console.error(excerpt.caret)
    }

    /// Prints `diagnostic` as `display` says.
    func print(_ diagnostic: Diagnostic, display: DiagnosticDisplay) {
        print(diagnostic, sourceBytes: display.sourceBytes, excerpt: display.quotesLine)
    }

    /// Prints what stopped a run: its diagnostics, then its message as `almanac: error: …`.
    func print(_ failure: AlmanacError) {
        failure.diagnostics.forEach { print($0, display: failure.display) }
        if let message = failure.message { console.error(HelpFormatter.errorLine(message)) }
        if let hint = failure.hint { console.error("hint: \(hint)") }
    }

    /// A handler for a conversion that prints what it reports.
    var handler: DiagnosticHandler {
        { print($0, display: $1) }
    }

    /// The line holding `position` and a caret line under its column. Long lines are cut to a
    /// window around the column (so a 100 MB line costs no more than a short one); tabs in the
    /// line are kept in the caret line so it lines up.
    static func excerpt(of bytes: [UInt8], at position: SourcePosition) -> (line: String, caret: String)? {
        let offset = position.offset
        guard offset <= bytes.count else { return nil }
        let reach = 300
        var start = offset
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n"), offset - start < reach { start -= 1 }
        while start < offset, bytes[start] & 0xC0 == 0x80 { start += 1 }
        let cutFront = start > 0 && bytes[start - 1] != UInt8(ascii: "\n")
        var end = offset
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r"), end - offset < reach { end += 1 }
        while end > offset, end < bytes.count, bytes[end] & 0xC0 == 0x80 { end -= 1 }
        let cutBack = end < bytes.count && bytes[end] != UInt8(ascii: "\n") && bytes[end] != UInt8(ascii: "\r")
        var before = Array(String(decoding: bytes[start..<offset], as: UTF8.self).unicodeScalars)
        var after = Array(String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars)
        let window = 60
        var prefix = cutFront ? "…" : ""
        if before.count > window {
            before.removeFirst(before.count - window)
            prefix = "…"
        }
        var suffix = cutBack ? "…" : ""
        if after.count > window {
            after.removeLast(after.count - window)
            suffix = "…"
        }
        var line = prefix
        line.unicodeScalars.append(contentsOf: before + after)
        line += suffix
        var caret = prefix.isEmpty ? "" : " "
        for scalar in before { caret += scalar == "\t" ? "\t" : " " }
        return (line, caret + "^")
    }
}
