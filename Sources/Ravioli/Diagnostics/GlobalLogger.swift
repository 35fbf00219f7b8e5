/// Where the process-wide logger lives; ``Container/logger`` is its public face.
enum GlobalLogger {
  static let storage = Locked<any RavioliLogger>(StandardErrorLogger())

  static var current: any RavioliLogger { storage.current }
}
