// A program made of the tutorial's screen and nothing else: no setup line, no environment, as a
// Swift developer would write it. SeedCompatibilityTests runs it against the fprintd rig.
import Foundation

exit(tapAuthenticate())
