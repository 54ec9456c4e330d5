/// The properties of a VEVENT or VTODO that the mapping to the model tells apart,
/// found from the name's bytes (in any case) once per property: the length first,
/// then the bytes, so that most names meet one or two comparisons.
package enum ItemPropertyKind: UInt8, Sendable {
    case uid, dtstamp, summary, description, location, url, categories, priority, rrule
    case color, almanacColor, almanacSymbol, dtstart, dtend, due, duration, recurrenceID
    case recipe, notes, link, status, relatedTo, completed, other

    /// The kind of the property named by bytes `name` of `line` (name bytes only, from
    /// the line's start).
    init(_ line: UnsafeBufferPointer<UInt8>, name: Range<Int>) {
        guard name.lowerBound == 0, let key = NameKey(line, count: name.count) else {
            self = .other
            return
        }
        self.init(key: key)
    }

    /// The kind of the property whose name has key `key`: one or two word comparisons.
    /// (The words are the names' ``NameKey``s; `NameKeyTests` checks each against its name.)
    package init(key: NameKey) {
        if key.high == 0 {
            switch key.low {
            case 0x0000_0000_0044_4955: self = .uid
            case 0x0000_0000_004C_5255: self = .url
            case 0x0000_0000_0045_5544: self = .due
            case 0x0000_0000_4B4E_494C: self = .link
            case 0x0000_0045_4C55_5252: self = .rrule
            case 0x0000_0052_4F4C_4F43: self = .color
            case 0x0000_0044_4E45_5444: self = .dtend
            case 0x0000_5355_5441_5453: self = .status
            case 0x0059_5241_4D4D_5553: self = .summary
            case 0x0050_4D41_5453_5444: self = .dtstamp
            case 0x0054_5241_5453_5444: self = .dtstart
            case 0x4E4F_4954_4143_4F4C: self = .location
            case 0x5954_4952_4F49_5250: self = .priority
            case 0x4E4F_4954_4152_5544: self = .duration
            default: self = .other
            }
            return
        }
        switch (key.low, key.high) {
        case (0x4554_454C_504D_4F43, 0x0000_0000_0000_0044): self = .completed
        case (0x4952_4F47_4554_4143, 0x0000_0000_0000_5345): self = .categories
        case (0x0D44_4554_414C_4552, 0x0000_0000_0000_4F54): self = .relatedTo
        case (0x5450_4952_4353_4544, 0x0000_0000_004E_4F49): self = .description
        case (0x4E45_5252_5543_4552, 0x0000_0044_490D_4543): self = .recurrenceID
        case (0x414E_414D_4C41_0D58, 0x0053_4554_4F4E_0D43): self = .notes
        case (0x414E_414D_4C41_0D58, 0x0052_4F4C_4F43_0D43): self = .almanacColor
        case (0x414E_414D_4C41_0D58, 0x4550_4943_4552_0D43): self = .recipe
        case (0x414E_414D_4C41_0D58, 0x4C4F_424D_5953_0D43): self = .almanacSymbol
        default: self = .other
        }
    }

    /// The kind of the property named `name` (upper-case).
    init(name: String) {
        var name = name
        // A name made elsewhere (jCal, xCal) may hold any byte: only name bytes fold safely.
        self = name.withUTF8 { $0.allSatisfy(ContentLineShape.isNameByte) ? ItemPropertyKind($0, name: 0..<$0.count) : .other }
    }

    /// Whether it is UID, RELATED-TO or RECURRENCE-ID, which link items to each other.
    var isLink: Bool {
        switch self {
        case .uid, .relatedTo, .recurrenceID: return true
        default: return false
        }
    }

    /// The bit of a property the model holds once (a second one is reported and
    /// ignored), or `nil`.
    var singletonBit: UInt16? {
        switch self {
        case .uid: return 1 << 0
        case .summary: return 1 << 1
        case .description: return 1 << 2
        case .location: return 1 << 3
        case .url: return 1 << 4
        case .color: return 1 << 5
        case .almanacColor: return 1 << 6
        case .almanacSymbol: return 1 << 7
        case .dtstart: return 1 << 8
        case .dtend: return 1 << 9
        case .due: return 1 << 10
        case .duration: return 1 << 11
        case .priority: return 1 << 12
        case .recurrenceID: return 1 << 13
        default: return nil
        }
    }
}

/// The kinds of the properties the writer wrote from the model, one bit each, which the
/// kept lines do not repeat (``ICalendarTreeBuilder``): no array of names per item.
struct WrittenKinds: OptionSet {
    let rawValue: UInt32

    init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    private static func bit(_ kind: ItemPropertyKind) -> UInt32 { 1 << UInt32(kind.rawValue) }

    static let uid = WrittenKinds(rawValue: bit(.uid))
    static let dtstamp = WrittenKinds(rawValue: bit(.dtstamp))
    static let dtstart = WrittenKinds(rawValue: bit(.dtstart))
    static let recurrenceID = WrittenKinds(rawValue: bit(.recurrenceID))
    static let dtend = WrittenKinds(rawValue: bit(.dtend))
    static let due = WrittenKinds(rawValue: bit(.due))
    static let duration = WrittenKinds(rawValue: bit(.duration))
    static let summary = WrittenKinds(rawValue: bit(.summary))
    static let location = WrittenKinds(rawValue: bit(.location))
    static let description = WrittenKinds(rawValue: bit(.description))
    static let notes = WrittenKinds(rawValue: bit(.notes))
    static let url = WrittenKinds(rawValue: bit(.url))
    static let priority = WrittenKinds(rawValue: bit(.priority))
    static let color = WrittenKinds(rawValue: bit(.color))
    static let almanacColor = WrittenKinds(rawValue: bit(.almanacColor))
    static let almanacSymbol = WrittenKinds(rawValue: bit(.almanacSymbol))
    static let recipe = WrittenKinds(rawValue: bit(.recipe))
    static let status = WrittenKinds(rawValue: bit(.status))
    static let completed = WrittenKinds(rawValue: bit(.completed))

    /// Whether a property of kind `kind` was written (never for ``ItemPropertyKind/other``).
    func contains(_ kind: ItemPropertyKind) -> Bool {
        kind != .other && rawValue & Self.bit(kind) != 0
    }
}
