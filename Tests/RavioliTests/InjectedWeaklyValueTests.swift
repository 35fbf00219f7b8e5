import Ravioli
import Testing

// `@InjectedWeakly` keeps its value's bits beside the weak reference and reads them back
// without a cast: these tests read values of every shape a property can have, through
// protocol requirements (which the kept witness tables answer), after the object is
// replaced by one of another class, and after it is released.

private protocol Named: AnyObject {
  var name: String { get }
}

/// Not class-bound: an existential of it is an opaque box of five words.
private protocol Greeting {
  func greet() -> String
}

private protocol Waving {
  func wave() -> String
}

/// Two protocols that are not class-bound: an opaque box and two witness tables, six words,
/// too large for the kept bits, read with a cast.
private typealias GreetingAndWaving = Greeting & Waving

private protocol Counting: AnyObject {
  var count: Int { get }
}

private protocol First: AnyObject { var first: Int { get } }
private protocol Second: AnyObject { var second: Int { get } }
private protocol Third: AnyObject { var third: Int { get } }
private protocol Fourth: AnyObject { var fourth: Int { get } }
private protocol Fifth: AnyObject { var fifth: Int { get } }

/// Six words as an existential (the object and five witness tables): too large for the
/// kept bits, read with a cast.
private typealias FiveRequirements = First & Second & Third & Fourth & Fifth

// Sendable, for `any Greeting & Sendable`: its state is immutable.
private class Person: Named, Greeting, Waving, Counting, FiveRequirements, @unchecked Sendable {
  let name: String
  init(name: String) { self.name = name }
  var count: Int { name.count }
  func greet() -> String { "Hello, \(name)" }
  func wave() -> String { "\(name) waves" }
  var first: Int { 1 }
  var second: Int { 2 }
  var third: Int { 3 }
  var fourth: Int { 4 }
  var fifth: Int { 5 }
}

/// Another class that conforms to the same protocols, each by another witness.
private final class Robot: Named, Greeting, Waving, Counting, FiveRequirements, Sendable {
  var name: String { "R2" }
  var count: Int { 42 }
  func greet() -> String { "Beep" }
  func wave() -> String { "R2 blinks" }
  var first: Int { 10 }
  var second: Int { 20 }
  var third: Int { 30 }
  var fourth: Int { 40 }
  var fifth: Int { 50 }
}

private final class Student: Person, @unchecked Sendable {
  override func greet() -> String { "Hi, I'm \(name)" }
}

private final class Shapes {
  @InjectedWeakly var person: Person?
  @InjectedWeakly var named: Named?
  @InjectedWeakly var greeting: Greeting?
  @InjectedWeakly var composition: (Named & Counting)?
  @InjectedWeakly var classComposition: (Person & Counting)?
  @InjectedWeakly var anyObject: AnyObject?
  @InjectedWeakly var any: Any?
  /// Resolved from the registration of `Greeting`: a marker protocol is no part of the type
  /// at run time, nor of the value's layout.
  @InjectedWeakly var sendableGreeting: (any Greeting & Sendable)?
  @InjectedWeakly var five: FiveRequirements?
  @InjectedWeakly var greetingAndWaving: GreetingAndWaving?

  init(_ container: Container) {
    let kind = InjectionKind.capturingContainerOnInit(from: container)
    _person = InjectedWeakly(kind)
    _named = InjectedWeakly(kind)
    _greeting = InjectedWeakly(kind)
    _composition = InjectedWeakly(kind)
    _classComposition = InjectedWeakly(kind)
    _anyObject = InjectedWeakly(kind)
    _any = InjectedWeakly(kind)
    _sendableGreeting = InjectedWeakly(kind)
    _five = InjectedWeakly(kind)
    _greetingAndWaving = InjectedWeakly(kind)
  }

  /// What each property says, through its own type's requirements; `nil` where it is `nil`.
  var answers: [String?] {
    [
      person?.greet(), named?.name, greeting?.greet(),
      composition.map { "\($0.name) \($0.count)" },
      classComposition.map { "\($0.greet()) \($0.count)" },
      (anyObject as? Greeting)?.greet(), (any as? Greeting)?.greet(), sendableGreeting?.greet(),
      five.map { "\($0.first) \($0.second) \($0.third) \($0.fourth) \($0.fifth)" },
      greetingAndWaving.map { "\($0.greet()) \($0.wave())" },
    ]
  }
}

/// A property of a generic class: its code may be compiled once for every `Value`, which
/// then decides as it runs whether a value fits.
private final class GenericHolder<Value> {
  @InjectedWeakly var value: Value?

  init(_ container: Container) {
    _value = InjectedWeakly(.capturingContainerOnInit(from: container))
  }
}

@Suite struct InjectedWeaklyValueTests {
  let container = Container(name: "weak-values")
  fileprivate let ada = DroppableReference<Person>(Student(name: "Ada"))

  fileprivate static let adasAnswers = [
    "Hi, I'm Ada", "Ada", "Hi, I'm Ada", "Ada 3", "Hi, I'm Ada 3", "Hi, I'm Ada",
    "Hi, I'm Ada", "Hi, I'm Ada", "1 2 3 4 5", "Hi, I'm Ada Ada waves",
  ]

  init() {
    container.register { [ada] () -> Person in ada.value! }
    container.register { [ada] () -> Named in ada.value! }
    container.register { [ada] () -> Greeting in ada.value! }
    container.register { [ada] () -> Named & Counting in ada.value! }
    container.register { [ada] () -> Person & Counting in ada.value! }
    container.register { [ada] () -> AnyObject in ada.value! }
    container.register { [ada] () -> Any in ada.value! }
    container.register { [ada] () -> FiveRequirements in ada.value! }
    container.register { [ada] () -> GreetingAndWaving in ada.value! }
  }

  @Test func readsEveryShapeOfValueAfterItsFirstRead() {
    let shapes = Shapes(container)
    #expect(shapes.answers == Self.adasAnswers)
    #expect(shapes.answers == Self.adasAnswers)
    #expect(shapes.anyObject === ada.value)
    #expect(shapes.any as AnyObject? === ada.value)
  }

  @Test func readsTheObjectAssignedWithItsOwnConformances() {
    let shapes = Shapes(container)
    #expect(shapes.answers == Self.adasAnswers)
    let robot = Robot()
    let grace = Person(name: "Grace")
    shapes.person = grace
    shapes.named = robot
    shapes.greeting = robot
    shapes.composition = robot
    shapes.classComposition = grace
    shapes.anyObject = robot
    shapes.any = robot
    shapes.sendableGreeting = robot
    shapes.five = robot
    shapes.greetingAndWaving = robot

    let answers = [
      "Hello, Grace", "R2", "Beep", "R2 42", "Hello, Grace 5", "Beep", "Beep", "Beep",
      "10 20 30 40 50", "Beep R2 blinks",
    ]
    #expect(shapes.answers == answers)
    #expect(shapes.answers == answers)
    withExtendedLifetime((robot, grace)) {}
  }

  @Test func readsNilInEveryShapeOnceTheObjectIsReleased() {
    let shapes = Shapes(container)
    // Read twice: a read that retained the object once too often would keep it alive.
    #expect(shapes.answers == Self.adasAnswers)
    #expect(shapes.answers == Self.adasAnswers)
    ada.value = nil

    #expect(shapes.answers == Array(repeating: nil, count: Self.adasAnswers.count))
    #expect(shapes.anyObject == nil)
    #expect(shapes.any == nil)
  }

  @Test func readsValuesOfAGenericClass() {
    let greeting = GenericHolder<Greeting>(container)
    let five = GenericHolder<FiveRequirements>(container)
    for _ in 0..<2 {
      #expect(greeting.value?.greet() == "Hi, I'm Ada")
      #expect(five.value?.fifth == 5)
    }
    ada.value = nil
    #expect(greeting.value == nil)
    #expect(five.value == nil)
  }

  @Test func assigningNilReadsNil() {
    let shapes = Shapes(container)
    #expect(shapes.greeting != nil)
    shapes.greeting = nil
    #expect(shapes.greeting == nil)
  }

  @Test func aValueReadOutsideAClassIsKeptToo() {
    struct Holder {
      @InjectedWeakly var greeting: Greeting?
    }
    let holder = Holder(greeting: InjectedWeakly(.resolvingOnInit(from: container)))
    #expect(holder.greeting?.greet() == "Hi, I'm Ada")
    var assigned = holder
    let robot = Robot()
    assigned.greeting = robot
    #expect(assigned.greeting?.greet() == "Beep")
    #expect(holder.greeting?.greet() == "Hi, I'm Ada")
    withExtendedLifetime(robot) {}
  }

  @Test func readsTheSameObjectFromManyObjects() {
    let many = (0..<100).map { _ in Shapes(container) }
    #expect(many.allSatisfy { $0.answers == Self.adasAnswers })
  }
}
