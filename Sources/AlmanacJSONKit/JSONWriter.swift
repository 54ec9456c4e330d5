import AlmanacCore

/// The one JSON writer of almanac: appends JSON text to bytes, pretty (two-space indents,
/// one member a line) or compact (no white space at all). Keys come out in the order they
/// are written, so the output is deterministic; strings are escaped by
/// ``JSONStringEscapes``. Containers are written with ``object(_:)`` and ``array(_:)`` (or
/// ``open(_:)`` and ``close(_:)``), and a writer with a layout of its own (jCal's, one
/// property a line) uses the pieces: ``ascii(_:)``, ``newline(_:)``, ``string(_:)``, ``decimal(_:)``.
package struct JSONWriter: Sendable {
    /// What has been written.
    package var bytes: [UInt8] { output }
    @usableFromInline var output: [UInt8] = []
    package let pretty: Bool
    @usableFromInline var depth = 0
    /// Whether the container being written has no member or element yet.
    @usableFromInline var isFirst = true

    package init(pretty: Bool, reservingCapacity capacity: Int = 4_096) {
        self.pretty = pretty
        output.reserveCapacity(capacity)
    }

    /// A writer that appends to `bytes` as if it stood `depth` containers deep (a document
    /// writer's items sit in an array in an object: depth 2).
    package init(pretty: Bool, depth: Int, continuing bytes: [UInt8]) {
        self.pretty = pretty
        self.depth = depth
        self.output = bytes
    }

    /// Hands over what has been written and starts again with no bytes.
    package mutating func takeBytes() -> [UInt8] {
        defer { output = [] }
        return output
    }

    // MARK: Containers

    @inlinable package mutating func object(_ body: (inout JSONWriter) throws -> Void) rethrows {
        try container(open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), body)
    }

    @inlinable package mutating func array(_ body: (inout JSONWriter) throws -> Void) rethrows {
        try container(open: UInt8(ascii: "["), close: UInt8(ascii: "]"), body)
    }

    @inlinable mutating func container(open: UInt8, close: UInt8, _ body: (inout JSONWriter) throws -> Void) rethrows {
        self.open(open)
        try body(&self)
        self.close(close)
    }

    /// Opens a container (`{` or `[`) that ``close(_:)`` ends: for writers that fill it over several calls.
    @inlinable package mutating func open(_ bracket: UInt8) {
        output.append(bracket)
        depth += 1
        isFirst = true
    }

    /// Ends the container ``open(_:)`` began, on a line of its own when it holds anything.
    @inlinable package mutating func close(_ bracket: UInt8) {
        depth -= 1
        if !isFirst { newline() }
        isFirst = false
        output.append(bracket)
    }

    /// Starts a member of the current object: separator, indent and `"key": `.
    @inlinable package mutating func key(_ key: String) {
        separate()
        appendString(key)
        output.append(UInt8(ascii: ":"))
        if pretty { output.append(UInt8(ascii: " ")) }
    }

    /// Starts an element of the current array.
    @inlinable package mutating func element() {
        separate()
    }

    @inlinable mutating func separate() {
        if !isFirst { output.append(UInt8(ascii: ",")) }
        isFirst = false
        newline()
    }

    @inlinable mutating func newline() {
        guard pretty else { return }
        output.append(UInt8(ascii: "\n"))
        for _ in 0..<depth { output.append(contentsOf: [UInt8(ascii: " "), UInt8(ascii: " ")]) }
    }

    // MARK: Scalars

    @inlinable package mutating func string(_ text: String) {
        appendString(text)
    }

    @inlinable package mutating func bool(_ flag: Bool) {
        output.append(contentsOf: (flag ? "true" : "false").utf8)
    }

    @inlinable package mutating func null() {
        output.append(contentsOf: "null".utf8)
    }

    @inlinable package mutating func integer(_ number: Int) {
        output.append(contentsOf: String(number).utf8)
    }

    /// The shortest text that reads back as the same double; whole numbers without
    /// a fraction (`4`, not `4.0`). JSON has no NaN or infinity: those write `null`.
    package mutating func number(_ number: Double) {
        if !number.isFinite {
            null()
        } else if number.rounded() == number, abs(number) <= 9_007_199_254_740_992 {
            // Up to 2^53, where `description` still writes `1000000000000000.0`.
            integer(Int(number))
        } else {
            // `description` gives the shortest digits but pads the exponent (`1e-07`, `1e+20`).
            let text = Array(number.description.utf8)
            guard let e = text.firstIndex(of: UInt8(ascii: "e")) else { return output.append(contentsOf: text) }
            output.append(contentsOf: text[...e])
            var exponent = text[(e + 1)...]
            if exponent.first == UInt8(ascii: "-") { output.append(UInt8(ascii: "-")) }
            exponent = exponent.drop(while: { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") })
            while exponent.count > 1, exponent.first == UInt8(ascii: "0") { exponent = exponent.dropFirst() }
            output.append(contentsOf: exponent)
        }
    }

    /// Writes an opaque value back as the JSON it came from: a number as its text when that
    /// is a JSON number (`1.50` stays `1.50`), else as ``decimal(_:)`` spells it.
    package mutating func opaque(_ value: OpaqueValue) {
        switch value {
        case .null: null()
        case .bool(let flag): bool(flag)
        case .number(let text):
            if JSONReader.isNumber(text) { output.append(contentsOf: text.utf8) } else { decimal(text) }
        case .string(let text): string(text)
        case .array(let elements):
            array { writer in
                for element in elements {
                    writer.element()
                    writer.opaque(element)
                }
            }
        case .object(let members):
            object { writer in
                for member in members {
                    writer.key(member.key)
                    writer.opaque(member.value)
                }
            }
        }
    }

    // MARK: Optional members

    @inlinable package mutating func member(_ key: String, _ text: String?) {
        guard let text else { return }
        self.key(key)
        string(text)
    }

    @inlinable package mutating func member(_ key: String, _ number: Double?) {
        guard let number else { return }
        self.key(key)
        self.number(number)
    }

    /// An array of strings, left out when empty.
    @inlinable package mutating func member(_ key: String, _ texts: [String]) {
        guard !texts.isEmpty else { return }
        self.key(key)
        array { writer in
            for text in texts {
                writer.element()
                writer.string(text)
            }
        }
    }

    /// An array of objects, left out when empty.
    package mutating func member<Element>(_ key: String, _ elements: [Element], _ write: (inout JSONWriter, Element) -> Void) {
        guard !elements.isEmpty else { return }
        self.key(key)
        array { writer in
            for element in elements {
                writer.element()
                write(&writer, element)
            }
        }
    }

    // MARK: Pieces

    /// Appends ASCII text as it is, such as punctuation.
    @inlinable package mutating func ascii(_ text: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends one byte as it is.
    @inlinable package mutating func byte(_ byte: UInt8) {
        output.append(byte)
    }

    /// A line break and `level` indents when pretty; nothing when compact.
    package mutating func newline(_ level: Int) {
        guard pretty else { return }
        output.append(0x0A)
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: level * 2))
    }

    /// Appends a decimal number from another syntax (iCalendar's `+007.50`) as JSON spells
    /// it: no `+`, no leading zeros, digits on both sides of a point, no trailing zeros after
    /// it (`7.5`; `-0` as `0`). A number in exponent form is written as it is.
    package mutating func decimal(_ text: String) {
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

    @inlinable mutating func appendString(_ text: String) {
        JSONStringEscapes.append(text, to: &output)
    }
}
