extension ResolutionStack {
  /// A resolution in progress: plain data, nothing counted, so pushing and popping copy a few
  /// words. Messages read its type and alternative from its registration.
  @usableFromInline
  struct Frame {
    /// Unowned: while the frame is on the stack its thread protects the registration (see
    /// ``ReadSections``), and off the published road the resolution that pushed it holds it
    /// too, so no other registration can share the address.
    @usableFromInline unowned(unsafe) let registration: AnyObject
    /// The container that was asked, which runs the registration; alive while it does.
    unowned(unsafe) let container: Container
    /// Held by the registration while the frame is on the stack. Unmanaged, not
    /// `unowned(unsafe)`, so that asking whether there is one (every push and pop) retains nothing.
    @usableFromInline let declaredNeeds: Unmanaged<DeclaredNeeds>?
    /// The declared dependencies that the resolver asked for, one bit each.
    var used: UInt64 = 0
    @usableFromInline fileprivate(set) var holdsRegistration = false

    @usableFromInline
    init(registration: AnyObject, container: Container, needs: DeclaredNeeds? = nil) {
      self.registration = registration
      self.container = container
      declaredNeeds = needs.map { Unmanaged.passUnretained($0) }
    }

    @inlinable
    var address: UnsafeRawPointer {
      UnsafeRawPointer(Unmanaged.passUnretained(registration).toOpaque())
    }

    var needs: DeclaredNeeds? { declaredNeeds?.takeUnretainedValue() }

    @inlinable
    var checksNeeds: Bool { declaredNeeds != nil }

    /// Pushes the frame on the current thread's stack, or says why not; pair a `nil` answer
    /// with ``leave()``. A method of the frame, a value, so that calling it from inlinable code
    /// passes no class metadata (a static method of the stack would look it up at every call).
    @usableFromInline
    func enter() -> Refusal? {
      ResolutionStack.withCurrent { $0.enter(self) }
    }

    /// Holds a reference to the registration, released on leaving: take it before entering.
    func holdingRegistration() -> Frame {
      var frame = self
      frame.holdsRegistration = true
      return frame
    }

    @usableFromInline
    func leave() {
      ResolutionStack.withCurrent { $0.leave(registration) }
    }
  }
}
