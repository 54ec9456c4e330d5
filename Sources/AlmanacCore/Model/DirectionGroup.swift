/// A titled section of a recipe's directions, such as "Make the filling".
public struct DirectionGroup: Hashable, Sendable, Codable {
    public var title: String
    /// The steps, in order.
    public var directions: [String]

    public init(title: String, directions: [String] = []) {
        self.title = title
        self.directions = directions
    }
}
