import Sodium
import Testing

@Suite struct PasswordHashTests {
    @Test func verifiesTheRightPasswordOnly() throws {
        let hash = try PasswordHash.minimal.hashString(Array("correct horse".utf8))
        #expect(hash.hasPrefix("$argon2id$"))
        #expect(!hash.contains("correct horse"))
        #expect(PasswordHash.verify(Array("correct horse".utf8), against: hash))
        #expect(!PasswordHash.verify(Array("correct horsf".utf8), against: hash))
        #expect(!PasswordHash.verify([], against: hash))
    }

    @Test func derivesTheSameKeyFromTheSamePasswordAndSalt() throws {
        let salt = Sodium.randomBytes(PasswordHash.saltLength)
        let a = try PasswordHash.minimal.deriveKey(Array("pw".utf8), salt: salt)
        let b = try PasswordHash.minimal.deriveKey(Array("pw".utf8), salt: salt)
        let c = try PasswordHash.minimal.deriveKey(Array("pw".utf8), salt: Sodium.randomBytes(PasswordHash.saltLength))
        #expect(a == b)
        #expect(a != c)
        #expect(a.count == 32)
    }
}
