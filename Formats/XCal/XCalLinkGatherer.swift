import AlmanacCore
import AlmanacICalendarModel

/// The links of each item, from the parts of its UID, RELATED-TO and RECURRENCE-ID
/// elements as ``XCalOutlineScanner`` meets them: parameters, value types and their text
/// (references resolved, line breaks as XML reads them). Each property is made as the
/// tree reader makes it (``XCalTreeReader/property(name:parameters:type:values:parts:at:)``)
/// and given to its item's ``ItemLinks``. A `false` answer means the tree reader would
/// have stopped there.
struct XCalLinkGatherer {
    /// The links of the items so far, in input order.
    private(set) var items: [ItemLinks] = []
    private var name = ""
    private var parameters: [ICalParameter] = []
    private var type: String?
    private var values: [ICalValue] = []
    /// The parameter being read, if any, and its values so far.
    private var parameterName: String?
    private var parameterValues: [String] = []
    /// The value being read: its type and its text so far.
    private var valueType = ""
    private var text: [UInt8] = []

    mutating func startItem(isTodo: Bool) {
        items.append(ItemLinks(isTodo: isTodo))
    }

    mutating func startProperty(_ name: String) {
        self.name = name
        parameters = []
        type = nil
        values = []
    }

    mutating func endProperty() -> Bool {
        guard let property = try? XCalTreeReader.property(name: name, parameters: parameters, type: type, values: values, parts: [:], at: SourcePosition(offset: 0, line: 1, column: 1)) else { return false }
        items[items.count - 1].take(property)
        return true
    }

    mutating func startParameter(_ name: String) {
        parameterName = name
        parameterValues = []
    }

    mutating func endParameter() -> Bool {
        guard let parameterName, !parameterValues.isEmpty else { return false }
        if parameterName != "VALUE" { parameters.append(ICalParameter(name: parameterName, values: parameterValues)) }
        self.parameterName = nil
        return true
    }

    /// A value of the property, of `type`: not a period or recurrence rule, which the
    /// scan leaves to libxml2, nor of a type other than the property's earlier values.
    mutating func startValue(type: String) -> Bool {
        guard Self.isScalarType(type), self.type == nil || self.type == type else { return false }
        self.type = type
        startText(type)
        return true
    }

    /// A value of the parameter being read.
    mutating func startParameterValue(type: String) -> Bool {
        guard Self.isScalarType(type) else { return false }
        startText(type)
        return true
    }

    private mutating func startText(_ type: String) {
        valueType = type
        text.removeAll(keepingCapacity: true)
    }

    mutating func endValue() -> Bool {
        let string = String(decoding: text, as: UTF8.self)
        if parameterName != nil {
            guard let value = XCalTreeReader.parameterValue(string, type: valueType) else { return false }
            parameterValues.append(value)
        } else {
            guard let value = XCalTreeReader.scalar(string, type: valueType) else { return false }
            values.append(value)
        }
        return true
    }

    private static func isScalarType(_ type: String) -> Bool {
        type != "period" && type != "recur" && XCalVocabulary.valueTypes.contains(type)
    }

    // MARK: Text

    /// Character data of the value: references resolved, CR LF and CR read as LF.
    mutating func append(text chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        var at = 0
        while at < chunk.count {
            let byte = chunk[at]
            if byte == UInt8(ascii: "&") {
                guard let end = chunk[at...].firstIndex(of: UInt8(ascii: ";")),
                      let scalar = Self.reference(UnsafeBufferPointer(rebasing: chunk[(at + 1)..<end])) else { return false }
                UTF8.encode(scalar) { text.append($0) }
                at = end + 1
            } else {
                at = appendRaw(chunk, at)
            }
        }
        return true
    }

    /// A CDATA section's text: CR LF and CR read as LF.
    mutating func append(raw chunk: UnsafeBufferPointer<UInt8>) -> Bool {
        var at = 0
        while at < chunk.count { at = appendRaw(chunk, at) }
        return true
    }

    /// Appends the byte at `at` (a line break as XML reads it); returns where the next one is.
    private mutating func appendRaw(_ chunk: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int {
        guard chunk[at] == 0x0D else {
            text.append(chunk[at])
            return at + 1
        }
        text.append(0x0A)
        return at + 1 < chunk.count && chunk[at + 1] == 0x0A ? at + 2 : at + 1
    }

    /// The character `&name;` stands for: one of XML's five, or a character reference to
    /// a character XML allows; `nil` for any other (an entity a DTD would declare).
    static func reference(_ name: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        switch String(decoding: name, as: UTF8.self) {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "apos": return "'"
        case "quot": return "\""
        default: break
        }
        guard name.count >= 2, name[0] == UInt8(ascii: "#") else { return nil }
        let hex = name[1] == UInt8(ascii: "x")
        let digits = String(decoding: UnsafeBufferPointer(rebasing: name[(hex ? 2 : 1)...]), as: UTF8.self)
        guard !digits.isEmpty, digits.utf8.allSatisfy({ hex ? $0.isHexDigit : ($0 >= 0x30 && $0 <= 0x39) }),
              digits.count <= 8, let code = UInt32(digits, radix: hex ? 16 : 10), let scalar = Unicode.Scalar(code) else { return nil }
        switch code {
        case 0x9, 0xA, 0xD, 0x20...0xD7FF, 0xE000...0xFFFD, 0x10000...0x10FFFF: return scalar
        default: return nil
        }
    }
}

private extension UInt8 {
    var isHexDigit: Bool {
        (self >= 0x30 && self <= 0x39) || ((self | 0x20) >= UInt8(ascii: "a") && (self | 0x20) <= UInt8(ascii: "f"))
    }
}
