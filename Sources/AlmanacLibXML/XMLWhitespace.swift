extension String {
    /// The text without XML white space (space, tab, carriage return, line feed) at
    /// either end.
    package func trimmingXMLWhitespace() -> String {
        // Most values have no white space around them: then the text is returned as is.
        // (Every white-space character starts and ends with a white-space byte.)
        let isSpaceByte: (UInt8) -> Bool = { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        guard let firstByte = utf8.first, let lastByte = utf8.last else { return "" }
        if !isSpaceByte(firstByte), !isSpaceByte(lastByte) { return self }
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}
