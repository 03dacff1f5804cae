import Sodium
import Testing

@Suite struct SecretBoxTests {
    let box = try! SecretBox(key: SecureBytes(randomCount: SecretBox.keyLength))

    @Test func roundTripsWithTheSameAssociatedData() throws {
        let sealed = box.seal(Array("Buy milk".utf8), associatedData: Array("items.text:1".utf8))
        #expect(try box.open(sealed, associatedData: Array("items.text:1".utf8)) == Array("Buy milk".utf8))
    }

    @Test func refusesAnotherRowsAssociatedData() {
        let sealed = box.seal(Array("Buy milk".utf8), associatedData: Array("items.text:1".utf8))
        #expect(throws: SodiumError.decryptionFailed) {
            try box.open(sealed, associatedData: Array("items.text:2".utf8))
        }
    }

    @Test func refusesTamperedCiphertext() {
        var sealed = box.seal(Array("secret".utf8))
        sealed[sealed.count - 1] ^= 1
        #expect(throws: SodiumError.decryptionFailed) { try box.open(sealed) }
    }

    @Test func refusesAnotherKey() throws {
        let other = try SecretBox(key: SecureBytes(randomCount: SecretBox.keyLength))
        #expect(throws: SodiumError.decryptionFailed) { try other.open(box.seal(Array("x".utf8))) }
    }

    @Test func sealsTheSameTextDifferentlyEachTime() {
        #expect(box.seal(Array("same".utf8)) != box.seal(Array("same".utf8)))
    }

    @Test func refusesKeysOfTheWrongLength() throws {
        #expect(throws: SodiumError.invalidKeyLength(expected: 32, actual: 16)) {
            try SecretBox(key: SecureBytes(randomCount: 16))
        }
    }

    @Test func refusesTruncatedMessages() {
        #expect(throws: SodiumError.malformedCiphertext) { try box.open([1, 2, 3]) }
    }
}
