import AlmanacICalendarModel
import AlmanacLibXML

extension XCalTreeReader {
    /// The streaming reader's first pass: the ``ICalendarOutline`` of the document (its
    /// VTIMEZONEs, `X-WR-TIMEZONE`s and the links of each VEVENT and VTODO), as
    /// ``ICalendarOutline/init(calendars:)`` finds it in the whole tree, without building
    /// any item: of an item only its UID, RELATED-TO and RECURRENCE-ID properties are
    /// read, every other element is passed over unlooked at.
    ///
    /// It reports nothing. A document that cannot be read gives the outline of what
    /// came before the first problem this pass met; the second pass, which looks at every
    /// element this one reads, throws at that problem or at one before it.
    func outline() -> ICalendarOutline {
        var builder = ICalendarOutlineBuilder()
        // The links again (a UID and a parent an item, not a tree), for when the builder asks for a review.
        var links: [ItemLinks] = []
        do {
            try outline(into: &builder, links: &links)
        } catch {
            // The second pass reports it, with the items before it.
        }
        if builder.needsReview() {
            for item in links { builder.reviewItem(item) }
        }
        return builder.finish()
    }

    /// Gives `builder` the time zones, calendar properties and items of the document,
    /// in input order, and `links` the links of its items; throws at the first problem,
    /// what came before it given.
    func outline(into builder: inout ICalendarOutlineBuilder, links: inout [ItemLinks]) throws {
        let root = try calendarRoot()
        if root.localName == "vcalendar" {
            try outline(ofCalendar: root, into: &builder, links: &links)
        } else {
            try cursor.children(of: root) { child in
                guard try isXCal(child) else { return }
                guard child.localName == "vcalendar" else { return try cursor.skip(child) }
                try outline(ofCalendar: child, into: &builder, links: &links)
            }
        }
    }

    /// What the outline needs of one `<vcalendar>`: its `X-WR-TIMEZONE`, its VTIMEZONEs
    /// whole, its items' links.
    private func outline(ofCalendar tag: XMLStartTag, into builder: inout ICalendarOutlineBuilder, links: inout [ItemLinks]) throws {
        try parts(of: tag) { property in
            guard try name(of: property) == "X-WR-TIMEZONE" else { return try cursor.skip(property) }
            builder.addCalendarProperty(try self.property(property))
        } components: { inner in
            switch try name(of: inner) {
            case "VEVENT", "VTODO":
                let item = try self.links(of: inner)
                links.append(item)
                builder.addItem(item)
            case "VTIMEZONE":
                builder.addTimeZone(try component(inner))
            default:
                try cursor.skip(inner)
            }
        } other: { child in
            try cursor.skip(child)
        }
    }

    /// The links of the VEVENT or VTODO `tag` starts, from its link properties alone.
    private func links(of tag: XMLStartTag) throws -> ItemLinks {
        var links = ItemLinks(isTodo: try name(of: tag) == "VTODO")
        try cursor.children(of: tag) { child in
            guard try isXCal(child) else { return }
            guard child.localName == "properties" else { return try cursor.skip(child) }
            try linkProperties(child, into: &links)
        }
        return links
    }

    /// Reads the link properties of the `<properties>` element `tag` into `links`. Every
    /// other node is passed as libxml2's reader gives it, without a start tag made or its
    /// name looked at beyond its length: this is most of what the first pass reads.
    private func linkProperties(_ tag: XMLStartTag, into links: inout ItemLinks) throws {
        guard !tag.isEmpty else { return }
        let propertyDepth = tag.depth + 1
        while try cursor.read() {
            switch cursor.kind {
            case .element where cursor.depth == propertyDepth:
                // UID, RELATED-TO and RECURRENCE-ID: 3, 10 and 13 letters.
                switch cursor.localName.utf8.count {
                case 3, 10, 13: break
                default: continue
                }
                let property = try cursor.startTag()
                guard try isXCal(property), ICalendarOutline.isItemLink(try name(of: property)) else { continue }
                links.take(try self.property(property))
            case .endElement where cursor.depth == tag.depth:
                return
            default:
                continue
            }
        }
    }
}
