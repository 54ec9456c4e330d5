import AlmanacICalendarModel

/// The first of the reader's two passes: gathers the ``ICalendarOutline`` (VTIMEZONEs,
/// `X-WR-TIMEZONE`, and each item's UID, parent and RECURRENCE-ID) from the logical
/// lines, parsing only the lines it needs; every other line is looked at by its name's
/// bytes only.
///
/// It follows `BEGIN` and `END` as ``ComponentTreeParser`` does but reports nothing:
/// a broken input is reported by the second pass, which reads every line.
struct OutlineScanner {
    private(set) var outline = ICalendarOutline()
    private var parser = ContentLineParser()
    /// How many components are open (1 inside a VCALENDAR).
    private var depth = 0
    /// The item being read, with only its link properties.
    private var item: ICalComponent?
    /// The VTIMEZONE being read and its open sub-components, outermost first.
    private var zones: [ICalComponent] = []

    mutating func take(_ line: UnsafeBufferPointer<UInt8>, number: Int, offset: Int) {
        if Self.hasName(line, "BEGIN") || Self.hasName(line, "END") {
            let isBegin = line[0] | 0x20 == UInt8(ascii: "b")
            let nameEnd = isBegin ? 5 : 3
            if line[nameEnd] == UInt8(ascii: ":") {
                // `BEGIN:NAME` or `END:NAME`, nearly every one: no need to parse the line.
                guard isBegin else { return end() }
                let name = String(decoding: UnsafeBufferPointer(rebasing: line[(nameEnd + 1)...]), as: UTF8.self).uppercased()
                return begin(ICalComponent(name: name, line: number, offset: offset))
            }
            guard case .line(let property) = parser.parse(line, line: number, offset: offset) else { return }
            if property.name == "BEGIN" {
                begin(ICalComponent(name: property.value.uppercased(), line: number, offset: offset))
            } else {
                end()
            }
            return
        }
        let wanted: Bool
        if !zones.isEmpty {
            wanted = true
        } else if depth == 1 {
            wanted = Self.hasName(line, "X-WR-TIMEZONE")
        } else if depth == 2 && item != nil {
            wanted = Self.hasName(line, "UID") || Self.hasName(line, "RELATED-TO") || Self.hasName(line, "RECURRENCE-ID")
        } else {
            wanted = false
        }
        guard wanted, case .line(let property) = parser.parse(line, line: number, offset: offset) else { return }
        if !zones.isEmpty {
            zones[zones.count - 1].properties.append(property)
        } else if depth == 1 {
            outline.addCalendarProperty(property)
        } else {
            item?.properties.append(property)
        }
    }

    private mutating func begin(_ component: ICalComponent) {
        depth += 1
        if !zones.isEmpty {
            zones.append(component)
        } else if depth == 2 && ICalendarOutline.isItem(component.name) {
            item = component
        } else if depth == 2 && component.name == "VTIMEZONE" {
            zones.append(component)
        }
    }

    private mutating func end() {
        guard depth > 0 else { return }
        depth -= 1
        if let finished = zones.popLast() {
            if zones.isEmpty {
                outline.addTimeZone(finished)
            } else {
                zones[zones.count - 1].children.append(finished)
            }
        } else if depth == 1, let finished = item {
            outline.addItem(finished)
            item = nil
        }
    }

    /// Whether `line` starts with the property name `name` (upper-case; the line's may be
    /// in any case): the name's
    /// bytes, then a byte that cannot continue a name.
    static func hasName(_ line: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        guard line.count > count else { return false }
        let expected = name.utf8Start
        for index in 0..<count {
            let wanted = expected[index]
            let isLetter = wanted >= UInt8(ascii: "A") && wanted <= UInt8(ascii: "Z")
            guard line[index] == wanted || isLetter && line[index] == wanted | 0x20 else { return false }
        }
        switch line[count] {
        case UInt8(ascii: ":"), UInt8(ascii: ";"): return true
        default: return false
        }
    }
}
