import Foundation

/// A short reason for a failed file operation: the POSIX message when there is one
/// ("No such file or directory"), otherwise Foundation's description.
public func fileErrorReason(_ error: any Error) -> String {
  let nsError = error as NSError
  if nsError.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(nsError.code))) }
  if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? any Error {
    let posix = underlying as NSError
    if posix.domain == NSPOSIXErrorDomain { return String(cString: strerror(Int32(posix.code))) }
  }
  switch CocoaError.Code(rawValue: nsError.code) {
  case .fileReadNoSuchFile, .fileNoSuchFile: return String(cString: strerror(ENOENT))
  case .fileReadNoPermission, .fileWriteNoPermission: return String(cString: strerror(EACCES))
  default: return nsError.localizedDescription.trimmingCharacters(in: CharacterSet(charactersIn: "."))
  }
}
