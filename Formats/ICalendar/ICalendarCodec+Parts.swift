import AlmanacCore
import AlmanacICalendarModel

extension ICalendarCodec: PartedItemStreamDecoding {
    /// The first look at the input (``ICalendarOutline``), which also finds where to cut
    /// it (``PartCuts``): one part when a VTODO is away from its event, two VEVENTs share
    /// a UID, the input holds more than one top-level component, or it has no place to cut
    /// for longer than a part may be (eight parts, at least 8 MiB).
    public func parts(of source: inout some RereadableByteSource, sourceName: String, limits: ReaderLimits, partSize: Int) throws -> (any ItemParts)? {
        try parts(of: &source, sourceName: sourceName, options: options.applying(limits), partSize: partSize)
    }

    /// ``parts(of:sourceName:limits:partSize:)`` with the limits applied.
    func parts(of source: inout some RereadableByteSource, sourceName: String, options: ICalendarDecodingOptions, partSize: Int) throws -> ICalendarParts? {
        guard let start = source.readPosition() else { return nil }
        let length = source.remainingByteCount()
        // The first look finds every line end anyway, and measures the lines (the review
        // and the parts read the same lines again).
        var lineLimit = source.handOverLineLengthCheck(structure: .folded)
        let (outline, cuts) = try Self.outline(cuttingInto: partSize) { scanner in
            try source.setReadPosition(start)
            var pass = ContentLineChunks(source, lineLimit: lineLimit)
            lineLimit = nil
            while try pass.next({ scanner.scan(&$0) }) {}
            source = pass.source
        }
        let usable = cuts?.usable(length: length)
        return ICalendarParts(
            sourceName: sourceName, options: options, mapping: ItemSequenceMapper(source: sourceName, options: mappingOptions, outline: outline),
            start: start, length: length ?? Int.max,
            calendar: cuts?.calendar ?? PartCuts.Place(offset: 0, line: 1), cuts: usable ?? []
        )
    }

    /// The outline of an input that `scan` passes through a scanner: once, and again
    /// when the first look asks for a review. With a `partSize`, also where the input can
    /// be cut into parts of about that size, `nil` when it cannot (the review was needed).
    static func outline(cuttingInto partSize: Int? = nil, scanning scan: (inout OutlineScanner) throws -> Void) rethrows -> (outline: ICalendarOutline, cuts: PartCuts?) {
        var first = partSize.map(OutlineScanner.init(cuttingInto:)) ?? OutlineScanner()
        try scan(&first)
        var builder = first.builder
        if builder.needsReview() {
            var review = OutlineScanner(builder: builder, reviewing: true)
            try scan(&review)
            builder = review.builder
            return (builder.finish(), nil)
        }
        return (builder.finish(), first.cuts)
    }
}
