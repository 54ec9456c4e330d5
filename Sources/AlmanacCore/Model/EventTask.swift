/// One entry of an event's checklist, such as "Paper cups and plates".
public struct EventTask: Identifiable, Hashable, Sendable, Codable {
    public var id: String
    public var text: String
    public var isCompleted: Bool
    /// What the source said that the model has no field for (a VTODO's alarms, …).
    public var extras: Extras

    public init(id: String, text: String, isCompleted: Bool = false, extras: Extras = Extras()) {
        self.id = id
        self.text = text
        self.isCompleted = isCompleted
        self.extras = extras
    }

    /// Whether the task still needs doing: not completed, and not blank.
    public var isRemaining: Bool {
        !isCompleted && !text.isEmpty
    }
}
