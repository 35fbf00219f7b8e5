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

private class Person: Named, Greeting, Counting, FiveRequirements {
  let name: String
  init(name: String) { self.name = name }
  var count: Int { name.count }
  func greet() -> String { "Hello, \(name)" }
  var first: Int { 1 }
  var second: Int { 2 }
  var third: Int { 3 }
  var fourth: Int { 4 }
  var fifth: Int { 5 }
}

/// Another class that conforms to the same protocols, each by another witness.
private final class Robot: Named, Greeting, Counting, FiveRequirements {
  var name: String { "R2" }
  var count: Int { 42 }
  func greet() -> String { "Beep" }
  var first: Int { 10 }
  var second: Int { 20 }
  var third: Int { 30 }
  var fourth: Int { 40 }
  var fifth: Int { 50 }
}

private final class Student: Person {
  override func greet() -> String { "Hi, I'm \(name)" }
}

private final class Shapes {
  @InjectedWeakly var person: Person?
  @InjectedWeakly var named: Named?
  @InjectedWeakly var greeting: Greeting?
  @InjectedWeakly var composition: (Named & Counting)?
  @InjectedWeakly var classComposition: (Person & Counting)?
  @InjectedWeakly var anyObject: AnyObject?
  @InjectedWeakly var five: FiveRequirements?

  init(_ container: Container) {
    let kind = InjectionKind.capturingContainerOnInit(from: container)
    _person = InjectedWeakly(kind)
    _named = InjectedWeakly(kind)
    _greeting = InjectedWeakly(kind)
    _composition = InjectedWeakly(kind)
    _classComposition = InjectedWeakly(kind)
    _anyObject = InjectedWeakly(kind)
    _five = InjectedWeakly(kind)
  }
}

@Suite struct InjectedWeaklyValueTests {
  let container = Container(name: "weak-values")
  fileprivate let ada = DroppableReference<Person>(Student(name: "Ada"))

  init() {
    container.register { [ada] () -> Person in ada.value! }
    container.register { [ada] () -> Named in ada.value! }
    container.register { [ada] () -> Greeting in ada.value! }
    container.register { [ada] () -> Named & Counting in ada.value! }
    container.register { [ada] () -> Person & Counting in ada.value! }
    container.register { [ada] () -> AnyObject in ada.value! }
    container.register { [ada] () -> FiveRequirements in ada.value! }
  }

  @Test func readsEveryShapeOfValueAfterItsFirstRead() {
    let shapes = Shapes(container)
    for _ in 0..<2 {
      #expect(shapes.person?.name == "Ada")
      #expect(shapes.person?.greet() == "Hi, I'm Ada")
      #expect(shapes.named?.name == "Ada")
      #expect(shapes.greeting?.greet() == "Hi, I'm Ada")
      #expect(shapes.composition?.name == "Ada")
      #expect(shapes.composition?.count == 3)
      #expect(shapes.classComposition?.count == 3)
      #expect(shapes.classComposition?.greet() == "Hi, I'm Ada")
      #expect(shapes.anyObject === ada.value)
      #expect(
        shapes.five.map { [$0.first, $0.second, $0.third, $0.fourth, $0.fifth] } == [1, 2, 3, 4, 5])
    }
  }

  @Test func readsTheObjectAssignedWithItsOwnConformances() {
    let shapes = Shapes(container)
    #expect(shapes.greeting?.greet() == "Hi, I'm Ada")
    let robot = Robot()
    shapes.named = robot
    shapes.greeting = robot
    shapes.composition = robot
    shapes.anyObject = robot
    shapes.five = robot
    let grace = Person(name: "Grace")
    shapes.person = grace
    shapes.classComposition = grace

    #expect(shapes.named?.name == "R2")
    #expect(shapes.greeting?.greet() == "Beep")
    #expect(shapes.composition?.count == 42)
    #expect(shapes.anyObject === robot)
    #expect(shapes.five?.fifth == 50)
    #expect(shapes.person?.greet() == "Hello, Grace")
    #expect(shapes.classComposition?.count == 5)
    withExtendedLifetime((robot, grace)) {}
  }

  @Test func readsNilInEveryShapeOnceTheObjectIsReleased() {
    let shapes = Shapes(container)
    #expect(shapes.person != nil)
    #expect(shapes.named != nil)
    #expect(shapes.greeting != nil)
    #expect(shapes.composition != nil)
    #expect(shapes.classComposition != nil)
    #expect(shapes.anyObject != nil)
    #expect(shapes.five != nil)
    ada.value = nil

    #expect(shapes.person == nil)
    #expect(shapes.named == nil)
    #expect(shapes.greeting == nil)
    #expect(shapes.composition == nil)
    #expect(shapes.classComposition == nil)
    #expect(shapes.anyObject == nil)
    #expect(shapes.five == nil)
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
    #expect(many.allSatisfy { $0.greeting?.greet() == "Hi, I'm Ada" })
    #expect(many.allSatisfy { $0.named === ada.value })
  }
}
