import AlmanacCore

/// Prints diagnostics to standard error as `file:line:column: severity: message`,
/// followed by the offending line and a caret under the column when the source is at hand.
struct DiagnosticPrinter {
    let console: Console

    /// Prints `diagnostic`; `sourceBytes` is the input it is about, when in memory.
    /// Without `excerpt` only the first line is printed.
    func print(_ diagnostic: Diagnostic, sourceBytes: [UInt8]? = nil, excerpt: Bool = true) {
        console.error(diagnostic.rendered)
        guard excerpt, let position = diagnostic.position else { return }
        var bytes = sourceBytes
        if bytes == nil, let path = diagnostic.source, path != "<stdin>" {
            bytes = try? FileIO.readAll(path)
        }
        guard let bytes, let excerpt = Self.excerpt(of: bytes, at: position) else { return }
        console.error(excerpt.line)
        console.error(excerpt.caret)
    }

    /// The line holding `position` and a caret line under its column. Long lines are cut to a
    /// window around the column; tabs in the line are kept in the caret line so it lines up.
    static func excerpt(of bytes: [UInt8], at position: SourcePosition) -> (line: String, caret: String)? {
        guard position.offset <= bytes.count else { return nil }
        var start = min(position.offset, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var end = position.offset
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n"), bytes[end] != UInt8(ascii: "\r") { end += 1 }
        var scalars = Array(String(decoding: bytes[start..<end], as: UTF8.self).unicodeScalars)
        var column = position.column - 1
        let window = 100
        var prefix = ""
        if column > window {
            let cut = column - window / 2
            scalars.removeFirst(cut)
            column -= cut
            prefix = "…"
        }
        var suffix = ""
        if scalars.count > column + window {
            scalars.removeLast(scalars.count - column - window)
            suffix = "…"
        }
        var line = prefix
        line.unicodeScalars.append(contentsOf: scalars)
        line += suffix
        var caret = prefix.isEmpty ? "" : " "
        for scalar in scalars.prefix(column) { caret += scalar == "\t" ? "\t" : " " }
        return (line, caret + "^")
    }
}
