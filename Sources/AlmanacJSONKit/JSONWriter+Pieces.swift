import AlmanacCore

/// Optional members, and pieces written as they are (ASCII, bytes, line breaks, decimals).
extension JSONWriter {
    // MARK: Optional members

    @inlinable package mutating func member(_ key: StaticString, _ text: String?) {
        guard let text else { return }
        fixedKey(key)
        string(text)
    }

    @inlinable package mutating func member(_ key: StaticString, _ number: Double?) {
        guard let number else { return }
        fixedKey(key)
        self.number(number)
    }

    /// An array of strings, left out when empty.
    @inlinable package mutating func member(_ key: StaticString, _ texts: [String]) {
        guard !texts.isEmpty else { return }
        fixedKey(key)
        open(UInt8(ascii: "["))
        // Each string lent from the array's storage, not copied out and retained.
        texts.withUnsafeBufferPointer { texts in
            for index in texts.indices {
                JSONStringEscapes.withUTF8(of: texts[index]) { element(utf8: $0) }
            }
        }
        close(UInt8(ascii: "]"))
    }

    // MARK: Pieces

    /// Appends ASCII text as it is, such as punctuation.
    @inlinable package mutating func ascii(_ text: StaticString) {
        let length = text.utf8CodeUnitCount
        let start = text.utf8Start
        write(length) { target in
            ShortCopy.copy(start, count: length, to: target)
            return length
        }
    }

    /// Appends one byte as it is.
    @inlinable package mutating func byte(_ byte: UInt8) {
        write(1) { target in
            target[0] = byte
            return 1
        }
    }

    /// Appends bytes as they are.
    package mutating func bytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        write(bytes.count) { target in
            ShortCopy.copy(base, count: bytes.count, to: target)
            return bytes.count
        }
    }

    /// A line break and `level` indents when pretty; nothing when compact.
    package mutating func newline(_ level: Int) {
        guard pretty else { return }
        write(level * 2 + 1) { Self.lineBreak(level * 2, at: $0) }
    }

    /// Appends a decimal number from another syntax (iCalendar's `+007.50`) as JSON spells
    /// it: no `+`, no leading zeros, digits on both sides of a point, no trailing zeros after
    /// it (`7.5`; `-0` as `0`). A number in exponent form is written as it is.
    package mutating func decimal(_ text: String) {
        appendingToBytes { output in
            var digits = Substring(text)
            var negative = false
            if digits.hasPrefix("+") {
                digits = digits.dropFirst()
            } else if digits.hasPrefix("-") {
                negative = true
                digits = digits.dropFirst()
            }
            if digits.contains(where: { $0 == "e" || $0 == "E" }) {
                if negative { output.append(UInt8(ascii: "-")) }
                output.append(contentsOf: digits.utf8)
                return
            }
            var integer = digits.prefix { $0 != "." }
            var fraction = digits.dropFirst(integer.count + 1)
            while integer.count > 1, integer.first == "0" { integer = integer.dropFirst() }
            while fraction.last == "0" { fraction = fraction.dropLast() }
            if integer.isEmpty { integer = "0" }
            if negative && !(integer == "0" && fraction.isEmpty) { output.append(UInt8(ascii: "-")) }
            output.append(contentsOf: integer.utf8)
            if digits.contains(".") {
                output.append(UInt8(ascii: "."))
                output.append(contentsOf: (fraction.isEmpty ? "0" : fraction).utf8)
            }
        }
    }
}
