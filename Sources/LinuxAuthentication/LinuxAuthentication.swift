// The live backends (FprintdReader, PAMVerifier, TerminalPresenter) now live in
// LocalAuthentication itself, so that `LAContext()` works without setup. This module remains so
// that existing `import LinuxAuthentication` lines keep compiling.
@_exported import LocalAuthentication
