/// Writes the occurrences of one series (``OccurrenceStream``): for each, what
/// ``ItemStreamEncoding/encodeItem(_:options:into:)`` writes for the series' event with the
/// occurrence's times, with what they share encoded once instead of per occurrence. A
/// class: it keeps what it encoded, and one is asked a million times without being copied.
public protocol OccurrenceEncoding: AnyObject {
    /// Appends the event with `times` in place of its own.
    func encode(_ times: OccurrenceStream.Times, into bytes: inout [UInt8]) throws
}

extension ItemStreamEncoding {
    /// No writer of its own: each occurrence is made and written by ``encodeItem(_:options:into:)``.
    public func occurrenceEncoder(for base: Event, options: EncodingOptions) -> (any OccurrenceEncoding)? { nil }
}
