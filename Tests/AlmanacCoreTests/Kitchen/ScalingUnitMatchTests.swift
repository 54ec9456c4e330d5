@testable import AlmanacCore
import Testing

@Suite struct ScalingUnitMatchTests {
    @Test("singular and plural, any case, alike", arguments: [
        ("servings", "serving"), ("Servings", "SERVING"), ("dish", "dishes"), ("cookie", "cookies"),
        ("berry", "berries"), ("loaf", "loaves"), ("knife", "knives"), ("glass", "glasses"),
        ("large pizza", "Large Pizzas"), ("cups", "cups"),
    ])
    func same(left: String, right: String) {
        #expect(ScalingUnitMatch.same(left, right))
        #expect(ScalingUnitMatch.same(right, left))
    }

    @Test("different units differ", arguments: [
        ("servings", "slices"), ("cup", "cups of flour"), ("glass", "gla"), ("s", ""), ("pieces", "pie"),
        ("l", "ls"), ("", ""),
    ])
    func different(left: String, right: String) {
        #expect(!ScalingUnitMatch.same(left, right))
    }
}
