import Testing
@testable import AlmanacCore

/// ``StreamValidator`` over the parts of one input, each validated apart:
/// `sharesIdentity(with:)` tells whether a part has an identity of the parts before it, and
/// after `takeIdentities(of:)` the earlier validator goes on as one that saw every part;
/// and the ``KeySet`` they use.
@Suite struct StreamValidatorPartsTests {
    static func event(_ id: String, recurrenceID: CalendarTime? = nil, line: Int = 1, title: String? = nil) -> LocatedItem {
        LocatedItem(.event(Event(id: id, title: title ?? "Event \(id)", recurrenceID: recurrenceID)), source: "big.ics", position: SourcePosition(offset: line * 10, line: line, column: 1))
    }

    static func recipe(_ id: String, line: Int = 1) -> LocatedItem {
        LocatedItem(.recipe(Recipe(id: id, title: "Recipe \(id)")), source: "big.ics", position: SourcePosition(offset: line * 10, line: line, column: 1))
    }

    static func utc(_ day: Int, hour: Int = 9) -> CalendarTime {
        .utc(CivilDateTime(date: CivilDate(year: 2026, month: 3, day: day)!, hour: hour, minute: 0, second: 0)!)
    }

    static func zoned(_ day: Int, _ zone: String) -> CalendarTime {
        .zoned(CivilDateTime(date: CivilDate(year: 2026, month: 3, day: day)!, hour: 10, minute: 0, second: 0)!, timeZone: zone)
    }

    /// A validator that has validated `items`, with what it found.
    static func fed(_ items: [LocatedItem], validator: Validator = Validator()) -> (StreamValidator, [Diagnostic]) {
        var stream = StreamValidator(validator)
        var found: [Diagnostic] = []
        for item in items { found += stream.validate(item) }
        return (stream, found)
    }

    static let firstPart = [event("a", line: 1), event("b", line: 2), recipe("r", line: 3), event("s", recurrenceID: utc(3), line: 4), event("z", recurrenceID: zoned(5, "Europe/Berlin"), line: 5)]

    @Test func disjointPartsShareNoIdentity() {
        let (earlier, found) = Self.fed(Self.firstPart)
        #expect(found.isEmpty, "\(found)")
        let (later, _) = Self.fed([Self.event("c"), Self.event("d"), Self.recipe("q"), Self.event("e", recurrenceID: Self.utc(3))])
        #expect(!later.sharesIdentity(with: earlier))
        #expect(!earlier.sharesIdentity(with: later))
        // Nor with a validator that has seen nothing, either way.
        let (empty, _) = Self.fed([])
        #expect(!empty.sharesIdentity(with: earlier))
        #expect(!earlier.sharesIdentity(with: empty))
    }

    @Test(arguments: [
        event("b"),
        event("b", title: "Another title"),
        recipe("r"),
        event("s", recurrenceID: utc(3)),
        event("z", recurrenceID: zoned(5, "Europe/Berlin")),
    ])
    func theSameIdentityInBothIsShared(item: LocatedItem) {
        let (earlier, _) = Self.fed(Self.firstPart)
        let (later, _) = Self.fed([Self.event("c"), item, Self.event("d")])
        #expect(later.sharesIdentity(with: earlier), "\(item.item.identity)")
        #expect(earlier.sharesIdentity(with: later), "\(item.item.identity)")
    }

    /// An id the earlier part has, but another occurrence (or the series where it had an
    /// occurrence, or the other way round): one validator fed both parts finds no clash, so
    /// no identity is shared.
    @Test(arguments: [
        event("s", recurrenceID: utc(4)),
        event("s", recurrenceID: utc(3, hour: 10)),
        event("s", recurrenceID: .date(CivilDate(year: 2026, month: 3, day: 3)!)),
        event("s"),
        event("a", recurrenceID: utc(3)),
        event("z", recurrenceID: zoned(5, "America/New_York")),
        event("z", recurrenceID: zoned(6, "Europe/Berlin")),
    ])
    func anotherOccurrenceIsNotShared(item: LocatedItem) {
        let (earlier, _) = Self.fed(Self.firstPart)
        let (later, _) = Self.fed([item])
        #expect(!later.sharesIdentity(with: earlier), "\(item.item.identity)")
        // As one validator fed both parts finds.
        let (_, found) = Self.fed(Self.firstPart + [item])
        #expect(found.isEmpty, "\(found)")
    }

    /// Occurrences of a series checked without being made (`validate(occurrenceOf:…)`) are
    /// identities as much as an event read with its recurrence id.
    @Test func occurrencesCheckedOnTheirTimesAreIdentitiesToo() {
        let base = Event(id: "s", title: "Weekly", start: Self.utc(1), end: Self.utc(1, hour: 10))
        var series = StreamValidator(Validator())
        let decide = series.timesDecide(for: base)
        #expect(decide)
        for day in [1, 8, 15] {
            let times = OccurrenceStream.Times(start: Self.utc(day), end: Self.utc(day, hour: 10), recurrenceID: Self.utc(day))
            #expect(series.validate(occurrenceOf: base, times: times, timesDecide: decide, source: "big.ics", position: nil).isEmpty)
        }
        let (override, _) = Self.fed([Self.event("s", recurrenceID: Self.utc(8))])
        #expect(override.sharesIdentity(with: series))
        let (other, _) = Self.fed([Self.event("s", recurrenceID: Self.utc(9))])
        #expect(!other.sharesIdentity(with: series))
    }

    /// The earlier validator, having taken in a later part's identities, names a clash with
    /// them as one validator fed both parts does: the same diagnostics, item by item.
    @Test func takenIdentitiesAreClashedWithAsOneValidatorWould() {
        let secondPart = [Self.event("c", line: 10), Self.event("s", recurrenceID: Self.utc(10), line: 11), Self.recipe("q", line: 12)]
        let thirdPart = [Self.event("n", line: 20), Self.event("c", line: 21), Self.event("s", recurrenceID: Self.utc(10), line: 22), Self.recipe("q", line: 23), Self.event("s", recurrenceID: Self.utc(11), line: 24), Self.event("a", line: 25)]
        var (earlier, _) = Self.fed(Self.firstPart)
        let (later, alone) = Self.fed(secondPart)
        #expect(alone.isEmpty)
        #expect(!later.sharesIdentity(with: earlier))
        let before = earlier
        earlier.takeIdentities(of: later)
        // One validator fed the three parts in order.
        let (_, oneRead) = Self.fed(Self.firstPart + secondPart + thirdPart)
        var found: [Diagnostic] = []
        for item in thirdPart { found += earlier.validate(item) }
        #expect(found == oneRead, "\(found.map(\.rendered)) vs \(oneRead.map(\.rendered))")
        #expect(found.filter { $0.code == "unique-ids" }.map { $0.position?.line } == [21, 22, 23, 25], "\(found.map(\.rendered))")
        // Without the identities taken, only the clash with the first part is named.
        var without = before
        let missed = thirdPart.flatMap { without.validate($0) }
        #expect(missed.map { $0.position?.line } == [25], "\(missed.map(\.rendered))")
        // Having taken them in, the earlier validator shares them with the later one.
        #expect(later.sharesIdentity(with: earlier))
        #expect(!later.sharesIdentity(with: before))
    }

    @Test func withUniqueIDsDisabledNothingIsShared() {
        let disabled = Validator(settings: ValidationSettings(disabled: ["unique-ids"]))
        let (earlier, _) = Self.fed(Self.firstPart, validator: disabled)
        var (later, _) = Self.fed([Self.event("a"), Self.event("s", recurrenceID: Self.utc(3))], validator: disabled)
        #expect(!later.sharesIdentity(with: earlier))
        later.takeIdentities(of: earlier)
        #expect(later.validate(Self.event("b")).isEmpty)
        // The same parts with the rule enabled do share.
        let (enabledEarlier, _) = Self.fed(Self.firstPart)
        let (enabledLater, _) = Self.fed([Self.event("a")])
        #expect(enabledLater.sharesIdentity(with: enabledEarlier))
    }

    // MARK: KeySet

    @Test func keySetContainsWhatWasInsertedAndNothingElse() {
        var set = KeySet()
        #expect(!set.contains(0) && !set.contains(1))
        // 16, 32 and 48 start at the same slot of the first table (16 slots); 15 and 31 wrap
        // round its end.
        for key: UInt64 in [16, 32, 15, 31] {
            let inserted = set.insert(key)
            #expect(inserted, "\(key)")
        }
        for key: UInt64 in [16, 32, 15, 31] { #expect(set.contains(key), "\(key)") }
        for key: UInt64 in [0, 48, 47, 1, 14, UInt64.max] { #expect(!set.contains(key), "\(key)") }
        let zeroInserted = set.insert(0)
        let zeroAgain = set.insert(0)
        #expect(zeroInserted)
        #expect(!zeroAgain)
        #expect(set.contains(0))
        #expect(!set.contains(48))
    }

    @Test func keySetHandsEachKeyOnceIncludingZero() {
        var set = KeySet()
        var collected: [UInt64] = []
        set.forEach { collected.append($0) }
        #expect(collected.isEmpty)
        _ = set.insert(0)
        set.forEach { collected.append($0) }
        #expect(collected == [0])

        // Through several growths of the table, with keys that share low bits.
        var random = SeededRandom(seed: 5)
        var keys: Set<UInt64> = [0]
        for index in 0..<3_000 {
            let key = index % 3 == 0 ? UInt64(index) << 20 : random.next() | 1
            #expect(set.insert(key) == keys.insert(key).inserted)
        }
        collected = []
        set.forEach { collected.append($0) }
        #expect(collected.count == keys.count)
        #expect(Set(collected) == keys)
        for key in keys { #expect(set.contains(key)) }
        #expect(!set.contains(UInt64(3_001) << 20))
        #expect(!set.contains(UInt64.max))

        // Without the key 0, forEach does not hand it.
        var plain = KeySet(capacity: 100)
        _ = plain.insert(7)
        collected = []
        plain.forEach { collected.append($0) }
        #expect(collected == [7])
    }
}
