// The hash function of the store: an xxHash64-style mix over int32 words.

package search

import "math/bits"

// The five 64-bit primes of xxHash64 (Yann Collet, https://github.com/Cyan4973/xxHash).
const (
	prime1 uint64 = 0x9E3779B185EBCA87
	prime2 uint64 = 0xC2B2AE3D27D4EB4F
	prime3 uint64 = 0x165667B19E3779F9
	prime4 uint64 = 0x85EBCA77C2B2AE63
	prime5 uint64 = 0x27D4EB2F165667C5
)

// hashKey hashes a discrete part. It follows xxHash64's structure (four
// independent lanes for long inputs, a serial tail, a final avalanche) but
// reads int32 words, two to a 64-bit lane word, instead of bytes, so its
// values differ from xxHash64's.
//
// Why not hash/maphash or Go's map: on js/wasm those fall back to a software
// wyhash whose 64×64→128-bit multiply is emulated with four 32-bit multiplies.
// This mix uses only 64-bit multiplies and rotates, which are single wasm
// instructions, and the four lanes keep the multiplier busy natively.
func hashKey(k []int32) uint64 {
	n := len(k)
	var h uint64
	i := 0
	if n >= 8 {
		p1 := prime1
		v1 := p1 + prime2 // wraps, as in xxHash64
		v2 := prime2
		v3 := uint64(0)
		v4 := -p1
		for ; i+8 <= n; i += 8 {
			v1 = round(v1, pair(k[i], k[i+1]))
			v2 = round(v2, pair(k[i+2], k[i+3]))
			v3 = round(v3, pair(k[i+4], k[i+5]))
			v4 = round(v4, pair(k[i+6], k[i+7]))
		}
		h = bits.RotateLeft64(v1, 1) + bits.RotateLeft64(v2, 7) +
			bits.RotateLeft64(v3, 12) + bits.RotateLeft64(v4, 18)
		h = merge(h, v1)
		h = merge(h, v2)
		h = merge(h, v3)
		h = merge(h, v4)
	} else {
		h = prime5
	}
	h += uint64(n) * 4
	for ; i+2 <= n; i += 2 {
		h ^= round(0, pair(k[i], k[i+1]))
		h = bits.RotateLeft64(h, 27)*prime1 + prime4
	}
	if i < n {
		h ^= uint64(uint32(k[i])) * prime1
		h = bits.RotateLeft64(h, 23)*prime2 + prime3
	}
	h ^= h >> 33
	h *= prime2
	h ^= h >> 29
	h *= prime3
	h ^= h >> 32
	return h
}

// pair packs two int32 words into one 64-bit lane word.
func pair(a, b int32) uint64 { return uint64(uint32(a)) | uint64(uint32(b))<<32 }

// round is xxHash64's lane round.
func round(acc, w uint64) uint64 {
	acc += w * prime2
	acc = bits.RotateLeft64(acc, 31)
	return acc * prime1
}

// merge folds a lane accumulator into the hash.
func merge(h, v uint64) uint64 {
	h ^= round(0, v)
	return h*prime1 + prime4
}
