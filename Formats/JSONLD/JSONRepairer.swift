import AlmanacLibXML

/// Repairs JSON-LD as web pages really write it, in one pass over the bytes, so that
/// the strict JSON reader can read it: comment and CDATA wrappers and JavaScript
/// comments outside strings, raw control characters and `\'` escapes inside strings,
/// trailing commas, and HTML character references inside strings. Strict JSON passes
/// through unchanged (and with no repairs). Only the `html` reader uses it; `jsonld`
/// and `jcal` read JSON strictly.
///
/// Every byte this changes is outside what strict JSON allows, except the character
/// references, which are what a page's author wrote for `&`, `'` and `"`.
enum JSONRepairer {
    /// `text` repaired, with each repair and the offsets back to `text` (counted from its start).
    static func repair(_ text: ArraySlice<UInt8>) -> RepairedJSON {
        var pass = Pass(input: Array(text))
        pass.run()
        return RepairedJSON(bytes: pass.output, repairs: pass.repairs, anchors: pass.anchors)
    }

    private struct Pass {
        let input: [UInt8]
        var output: [UInt8] = []
        var repairs: [JSONRepair] = []
        var anchors: [(repaired: Int, original: Int)] = [(0, 0)]
        var index = 0

        init(input: [UInt8]) {
            self.input = input
            output.reserveCapacity(input.count)
        }

        mutating func run() {
            while index < input.count {
                let byte = input[index]
                switch byte {
                case UInt8(ascii: "\""):
                    string()
                case UInt8(ascii: ","):
                    if let closer = closerAfterComma() {
                        record(.trailingComma, original: ",", replacement: String(UnicodeScalar(closer)))
                        index += 1
                        anchor()
                    } else {
                        copy()
                    }
                case UInt8(ascii: "<"), UInt8(ascii: "-"), UInt8(ascii: "]"), UInt8(ascii: "/"):
                    if let length = markerLength() {
                        record(.comment, original: excerpt(index, length), replacement: "")
                        index += length
                        anchor()
                    } else {
                        copy()
                    }
                default:
                    copy()
                }
            }
        }

        private mutating func copy() {
            output.append(input[index])
            index += 1
        }

        /// Notes that from here on the output and input offsets differ by a new amount.
        private mutating func anchor() {
            anchors.append((output.count, index))
        }

        private mutating func record(_ kind: JSONRepair.Kind, original: String, replacement: String) {
            repairs.append(JSONRepair(kind: kind, offset: index, original: original, replacement: replacement))
        }

        private func matches(_ bytes: [UInt8], at offset: Int) -> Bool {
            guard offset + bytes.count <= input.count else { return false }
            return input[offset..<(offset + bytes.count)].elementsEqual(bytes)
        }

        private func excerpt(_ offset: Int, _ length: Int) -> String {
            let text = String(decoding: input[offset..<min(offset + length, input.count)], as: UTF8.self)
            let line = text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
            return line.count > 24 ? String(line.prefix(24)) + "…" : line
        }

        /// The `]` or `}` a comma at `index` stands before (white space aside), if any.
        private func closerAfterComma() -> UInt8? {
            var next = index + 1
            while next < input.count, isSpace(input[next]) { next += 1 }
            guard next < input.count, input[next] == UInt8(ascii: "]") || input[next] == UInt8(ascii: "}") else { return nil }
            return input[next]
        }

        /// The length of a comment or marker at `index` (outside strings none of these is JSON).
        private func markerLength() -> Int? {
            for marker in Self.markers where matches(marker, at: index) { return marker.count }
            if matches(Self.lineComment, at: index) {
                var end = index
                while end < input.count, input[end] != 0x0A, input[end] != 0x0D { end += 1 }
                return end - index
            }
            if matches(Self.blockComment, at: index) {
                var end = index + 2
                while end < input.count, !matches(Self.blockCommentEnd, at: end) { end += 1 }
                return min(end + 2, input.count) - index
            }
            return nil
        }

        /// Copies a string from its opening quote to its closing one, repairing what is inside.
        private mutating func string() {
            copy()
            while index < input.count {
                let byte = input[index]
                switch byte {
                case UInt8(ascii: "\""):
                    copy()
                    return
                case UInt8(ascii: "\\"):
                    escape()
                case UInt8(ascii: "&"):
                    if !reference() { copy() }
                case 0x00..<0x20:
                    let escaped = Self.escape(byte)
                    record(.controlCharacter, original: Self.controlName(byte), replacement: escaped)
                    output.append(contentsOf: escaped.utf8)
                    index += 1
                    anchor()
                default:
                    copy()
                }
            }
        }

        /// A backslash in a string: a JSON escape is copied; before any other character the
        /// backslash is left out.
        private mutating func escape() {
            guard index + 1 < input.count else {
                copy()
                return
            }
            let next = input[index + 1]
            switch next {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
                 UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"), UInt8(ascii: "u"):
                copy()
                copy()
            case 0x00..<0x20:
                // A backslash before a raw line break: the line break is what was meant.
                record(.invalidEscape, original: "\\ before a \(Self.controlName(next))", replacement: Self.escape(next))
                output.append(contentsOf: Self.escape(next).utf8)
                index += 2
                anchor()
            default:
                let scalar = excerpt(index + 1, 1)
                record(.invalidEscape, original: "\\" + scalar, replacement: scalar)
                index += 1
                anchor()
            }
        }

        /// An HTML character reference at `index` in a string: writes its character (escaped
        /// as JSON needs) and returns `true`, or returns `false` when it is not one.
        private mutating func reference() -> Bool {
            var end = index + 1
            while end < input.count, end - index <= 33, isReferenceByte(input[end]) { end += 1 }
            guard end < input.count, input[end] == UInt8(ascii: ";"), end > index + 1 else { return false }
            let body = String(decoding: input[(index + 1)..<end], as: UTF8.self)
            let scalar: Unicode.Scalar?
            if body.hasPrefix("#x") || body.hasPrefix("#X") {
                scalar = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if body.hasPrefix("#") {
                scalar = UInt32(body.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
            } else {
                scalar = HTMLEntity.scalar(named: body)
            }
            guard let scalar, scalar.value != 0 else { return false }
            let character = String(Character(scalar))
            record(.htmlEntity, original: "&\(body);", replacement: character)
            switch scalar {
            case "\"": output.append(contentsOf: Array("\\\"".utf8))
            case "\\": output.append(contentsOf: Array("\\\\".utf8))
            case _ where scalar.value < 0x20: output.append(contentsOf: Self.escape(UInt8(scalar.value)).utf8)
            default: output.append(contentsOf: character.utf8)
            }
            index = end + 1
            anchor()
            return true
        }

        private func isReferenceByte(_ byte: UInt8) -> Bool {
            (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "#")
        }

        private func isSpace(_ byte: UInt8) -> Bool {
            byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
        }

        static let markers: [[UInt8]] = ["<!--", "-->", "<![CDATA[", "]]>"].map { Array($0.utf8) }
        static let lineComment = Array("//".utf8)
        static let blockComment = Array("/*".utf8)
        static let blockCommentEnd = Array("*/".utf8)

        /// The JSON escape of a control character.
        static func escape(_ byte: UInt8) -> String {
            switch byte {
            case 0x0A: return "\\n"
            case 0x0D: return "\\r"
            case 0x09: return "\\t"
            case 0x08: return "\\b"
            case 0x0C: return "\\f"
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }

        /// A control character's name, for messages.
        static func controlName(_ byte: UInt8) -> String {
            switch byte {
            case 0x0A: return "line break"
            case 0x0D: return "carriage return"
            case 0x09: return "tab"
            default: return "control character U+00" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true)
            }
        }
    }
}
