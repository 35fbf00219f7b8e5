import Ravioli

public protocol Clock: Sendable {}

public let clocks = Container(name: "clocks")

public final class Alarm {
  @Injected(.capturingContainerOnInit(from: clocks)) var clock: Clock
  public init() {}
}
