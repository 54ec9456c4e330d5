import AlmanacCore
import AlmanacICalendarModel
import AlmanacLibXML

/// Turns xCal (RFC 6321), as the shared libxml2 reader walks it, into the iCalendar
/// component tree: element names upper-cased, values back in RFC 5545 value syntax,
/// and a `VALUE` parameter where the value's type is not the property's default.
///
/// Elements in other namespaces are skipped with a warning (RFC 6321 lets xCal carry
/// extensions, which iCalendar has no place for).
///
/// The tree of a whole document (``calendars()``), or the calendars without their items,
/// each item (a VEVENT or VTODO directly inside a VCALENDAR) handed on as soon as its
/// element ends (``calendars(passingItemsTo:)``), so that only one item's tree is held.
final class XCalTreeReader {
    let cursor: XMLTextReader
    /// The input's name for diagnostics.
    let source: String
    /// The namespace the document uses for xCal: RFC 6321's, or none at all.
    var namespace = XCalVocabulary.namespace
    /// Warnings: skipped foreign elements.
    private(set) var diagnostics: [Diagnostic] = []
    /// The upper-cased iCalendar name of each element name met so far, by the reader's
    /// interned key: each name is checked and upper-cased once, not once per element.
    private var iCalendarNames = XMLNameStrings(minimumCapacity: 64)

    init(cursor: XMLTextReader, source: String) {
        self.cursor = cursor
        self.source = source
    }

    /// The VCALENDAR components of the document: the `<vcalendar>`s of its
    /// `<icalendar>` root, or a `<vcalendar>` root itself.
    func calendars() throws -> [ICalComponent] {
        try calendars(passingItemsTo: { _ in false })
    }

    /// The VCALENDAR components of the document, each of their VEVENTs and VTODOs passed
    /// to `take` in document order as soon as it has been read; an item `take` returns
    /// `true` for is left out of its calendar's children.
    func calendars(passingItemsTo take: (ICalComponent) throws -> Bool) throws -> [ICalComponent] {
        let root = try calendarRoot()
        var calendars: [ICalComponent] = []
        if root.localName == "vcalendar" {
            calendars.append(try component(root, taking: take))
        } else {
            try cursor.children(of: root) { child in
                guard try isXCal(child) else { return }
                guard child.localName == "vcalendar" else {
                    throw XCalDecodingError.misplacedElement(child.qualifiedName, in: "<\(root.qualifiedName)>", expected: "<vcalendar>", at: cursor.position(child.mark))
                }
                calendars.append(try component(child, taking: take))
            }
        }
        try cursor.finish()
        guard !calendars.isEmpty else { throw XCalDecodingError.noCalendar(at: cursor.position(root.mark)) }
        diagnostics = cursor.warnings(source: source) + diagnostics
        return calendars
    }

    /// The root element, `<icalendar>` or `<vcalendar>` in the xCal namespace or none,
    /// whose namespace the document's xCal elements are then expected in.
    func calendarRoot() throws -> XMLStartTag {
        let root = try cursor.rootElement()
        guard root.namespace == XCalVocabulary.namespace || root.namespace.isEmpty,
              root.localName == "icalendar" || root.localName == "vcalendar" else {
            let found = root.namespace.isEmpty ? "<\(root.qualifiedName)>" : "<\(root.qualifiedName)> in namespace \(root.namespace)"
            throw XCalDecodingError.notXCal(found: found, at: cursor.position(root.mark))
        }
        namespace = root.namespace
        return root
    }

    // MARK: Components and properties

    /// The component `tag` starts, with its sub-components but the VEVENTs and VTODOs
    /// `take` returns `true` for.
    func component(_ tag: XMLStartTag, taking take: (ICalComponent) throws -> Bool = { _ in false }) throws -> ICalComponent {
        let position = cursor.position(tag.mark)
        var component = ICalComponent(name: try name(of: tag), line: position.line, offset: position.offset, column: position.column)
        try parts(of: tag) { property in
            component.properties.append(try self.property(property))
        } components: { inner in
            let child = try self.component(inner)
            if try !(ICalendarOutline.isItem(child.name) && take(child)) { component.children.append(child) }
        } other: { child in
            throw XCalDecodingError.misplacedElement(child.qualifiedName, in: "<\(tag.qualifiedName)>", expected: "<properties> or <components>", at: cursor.position(child.mark))
        }
        return component
    }

    /// Walks the component `tag` starts: each xCal element in its `<properties>` goes to
    /// `properties`, each in its `<components>` to `components`, any other child to `other`.
    func parts(of tag: XMLStartTag, properties: (XMLStartTag) throws -> Void, components: (XMLStartTag) throws -> Void, other: (XMLStartTag) throws -> Void) throws {
        try cursor.children(of: tag) { child in
            guard try isXCal(child) else { return }
            switch child.localName {
            case "properties":
                try cursor.children(of: child) { property in
                    if try isXCal(property) { try properties(property) }
                }
            case "components":
                try cursor.children(of: child) { inner in
                    if try isXCal(inner) { try components(inner) }
                }
            default:
                try other(child)
            }
        }
    }

    func property(_ tag: XMLStartTag) throws -> ICalProperty {
        let position = cursor.position(tag.mark)
        let name = try self.name(of: tag)
        let structured = XCalVocabulary.structuredParts[name] ?? []
        var parameters: [ICalParameter] = []
        var type: String?
        var values: [ICalValue] = []
        var parts: [String: [String]] = [:]
        try cursor.children(of: tag) { child in
            guard try isXCal(child) else { return }
            if child.localName == "parameters" {
                parameters += try self.parameters(child)
            } else if structured.contains(child.localName) {
                parts[child.localName, default: []].append(try cursor.text(of: child))
            } else {
                guard XCalVocabulary.valueTypes.contains(child.localName) else {
                    throw XCalDecodingError.unknownValueType(child.qualifiedName, property: name, at: cursor.position(child.mark))
                }
                if let type, type != child.localName {
                    throw XCalDecodingError.mixedValueTypes(property: name, first: type, second: child.localName, at: cursor.position(child.mark))
                }
                type = child.localName
                values.append(try value(child, type: child.localName, property: name))
            }
        }
        return try Self.property(name: name, parameters: parameters, type: type, values: values, parts: parts, at: position)
    }

    /// The property an element's parts make: its `parameters`, and its `values` of one
    /// `type`, or the `parts` of a structured value (GEO, REQUEST-STATUS) by part name.
    /// Shared with the first pass's byte scan (``XCalOutlineScanner``), which gathers the
    /// parts of a few properties itself.
    static func property(name: String, parameters: [ICalParameter], type: String?, values: [ICalValue], parts: [String: [String]], at position: SourcePosition) throws -> ICalProperty {
        var parameters = parameters
        var type = type
        var values = values
        if !parts.isEmpty {
            let structured = XCalVocabulary.structuredParts[name] ?? []
            guard type == nil else {
                throw XCalDecodingError.mixedValueTypes(property: name, first: type ?? "", second: structured[0], at: position)
            }
            let pieces = structured.flatMap { parts[$0] ?? (($0 == "data") ? [] : [""]) }
            if name == "GEO" {
                type = "float"
                values = [.parts(pieces.map { .float($0.trimmingXMLWhitespace()) })]
            } else {
                type = "text"
                values = [.parts(pieces.map(ICalValue.string))]
            }
        }
        guard let type else { throw XCalDecodingError.missingValue(property: name, at: position) }
        // Binary values are base64 by definition (RFC 5545 puts ENCODING before VALUE in its example).
        if type == "binary", !parameters.contains(where: { $0.name == "ENCODING" }) {
            parameters.append(ICalParameter(name: "ENCODING", values: ["BASE64"]))
        }
        if type != "unknown", type != ICalValueTypes.defaultType(of: name) ?? "unknown" {
            parameters.append(ICalParameter(name: "VALUE", values: [type.uppercased()]))
        }
        if type == "text", let breaks = Self.lineBreaks(values), !parameters.contains(where: { $0.name == TextValue.breaksParameter }) {
            parameters.append(ICalParameter(name: TextValue.breaksParameter, values: [breaks]))
        }
        let text = ICalValueConverter.text(of: values, type: type, name: name)
        return ICalProperty(name: name, parameters: parameters, value: text, line: position.line, offset: position.offset, column: position.column)
    }

    /// The parameters of a `<parameters>` element; a `VALUE` parameter is dropped, since
    /// the value element names the type.
    private func parameters(_ tag: XMLStartTag) throws -> [ICalParameter] {
        var parameters: [ICalParameter] = []
        try cursor.children(of: tag) { child in
            guard try isXCal(child) else { return }
            let name = try self.name(of: child)
            var values: [String] = []
            try cursor.children(of: child) { valueTag in
                guard try isXCal(valueTag) else { return }
                guard XCalVocabulary.valueTypes.contains(valueTag.localName), valueTag.localName != "period", valueTag.localName != "recur" else {
                    throw XCalDecodingError.unknownValueType(valueTag.qualifiedName, property: "parameters/\(name.lowercased())", at: cursor.position(valueTag.mark))
                }
                let text = try cursor.text(of: valueTag)
                guard let value = Self.parameterValue(text, type: valueTag.localName) else {
                    throw XCalDecodingError.invalidValue(property: "parameters/\(name.lowercased())", type: "boolean", reason: "must be true or false, not '\(XMLReadError.excerpt(text))'", at: cursor.position(valueTag.mark))
                }
                values.append(value)
            }
            guard !values.isEmpty else { throw XCalDecodingError.emptyParameter(name: name, at: cursor.position(child.mark)) }
            if name != "VALUE" { parameters.append(ICalParameter(name: name, values: values)) }
        }
        return parameters
    }

    // MARK: Helpers

    /// Whether `tag` is in the document's xCal namespace; otherwise it is skipped with a warning.
    func isXCal(_ tag: XMLStartTag) throws -> Bool {
        if tag.namespace == namespace { return true }
        let place = tag.namespace.isEmpty ? "in no namespace" : "in namespace \(tag.namespace)"
        diagnostics.append(Diagnostic(.warning, "<\(tag.qualifiedName)> \(place) is not xCal; skipped", source: source, position: cursor.position(tag.mark)))
        try cursor.skip(tag)
        return false
    }

    /// The upper-cased iCalendar name of a component, property or parameter element.
    func name(of tag: XMLStartTag) throws -> String {
        if let known = iCalendarNames[tag.localNameKey] { return known }
        guard XCalVocabulary.isName(tag.localName) else { throw XCalDecodingError.invalidName(tag.qualifiedName, at: cursor.position(tag.mark)) }
        let name = tag.localName.uppercased()
        iCalendarNames.set(name, for: tag.localNameKey)
        return name
    }

    /// The `X-ALMANAC-BREAKS` letters of TEXT values holding a carriage return (TEXT's
    /// one line-break escape cannot tell CR LF, CR and LF apart), or `nil` when none does.
    private static func lineBreaks(_ values: [ICalValue]) -> String? {
        // Most texts hold no carriage return: then there is nothing to escape to find out.
        let hasCarriageReturn = values.contains {
            if case .string(let text) = $0 { return text.utf8.contains(0x0D) }
            return false
        }
        guard hasCarriageReturn else { return nil }
        var letters = ""
        var sawCarriageReturn = false
        for case .string(let text) in values {
            let escaped = TextValue.escape(text)
            if let breaks = escaped.breaks {
                sawCarriageReturn = true
                letters += breaks
            } else {
                letters += String(repeating: "n", count: text.utf8.filter { $0 == 0x0A }.count)
            }
        }
        return sawCarriageReturn ? letters : nil
    }

    /// A parameter's value as written, a boolean as `TRUE` or `FALSE`; `nil` for a boolean
    /// that is neither.
    static func parameterValue(_ text: String, type: String) -> String? {
        guard type == "boolean" else { return text }
        return boolean(text).map { $0 ? "TRUE" : "FALSE" }
    }

    /// `true`, `false`, `1` or `0` (XML Schema's booleans), any case.
    static func boolean(_ text: String) -> Bool? {
        switch text.trimmingXMLWhitespace().lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: return nil
        }
    }
}
