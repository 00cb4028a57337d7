package loadresult

import (
	"bytes"
	"compress/zlib"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"

	"github.com/HdrHistogram/hdrhistogram-go"
)

// A result file is untrusted input (scale-out receives them over the
// network), and the HdrHistogram library's decoder trusts the header it
// reads: a lowest trackable value above the highest makes it loop for
// ever, a short payload makes it index out of range, and it inflates the
// zlib stream without a bound. decodeHDR is the strict decoder every
// histogram of a result file goes through instead: it accepts only the
// histograms waitlab writes (1 us to 1 h, 2 or 3 significant digits),
// bounds every length before it allocates, and fills the counts itself.
//
// The format (HdrHistogram's V2 compressed encoding), base64 of:
//
//	int32 cookie (V2CompressedEncodingCookieBase, low nibble of the top byte free)
//	int32 length of the zlib stream that follows
//	zlib stream of:
//	  int32 cookie (V2EncodingCookieBase), int32 payload length,
//	  int32 normalizing index offset, int32 significant digits,
//	  int64 lowest trackable value, int64 highest trackable value,
//	  float64 integer-to-double ratio,
//	  payload: ZigZag LEB128 counts, a negative value n meaning -n zero counts.

const hdrHeaderSize = 40

// hdrShape is what a histogram of some precision may expand to.
type hdrShape struct {
	countsLen  int // the counts array of New(histLow, histHigh, digits)
	maxPayload int // every count at its longest (9 bytes)
	maxEncoded int // base64 characters of the largest honest encoding
}

var hdrShapes = func() map[int]hdrShape {
	m := map[int]hdrShape{}
	for _, d := range []int{secDigits, histDigits} {
		n := len(hdrhistogram.New(histLow, histHigh, d).Export().Counts)
		// zlib never grows its input by more than a few bytes per 16 KB
		// block; allow for that and the 8-byte prefix, in base64.
		raw := hdrHeaderSize + 9*n
		m[d] = hdrShape{countsLen: n, maxPayload: 9 * n, maxEncoded: 4 * (raw + raw/1000 + 64) / 3}
	}
	return m
}()

var errHDR = errors.New("bad histogram")

// decodeHDR decodes one histogram of digits significant digits and
// returns it with its total count; any malformed, foreign or oversized
// input is an error, never a panic, a hang or a large allocation.
func decodeHDR(s string, digits int) (*hdrhistogram.Histogram, int64, error) {
	shape, ok := hdrShapes[digits]
	if !ok {
		return nil, 0, fmt.Errorf("%w: no histogram has %d significant digits", errHDR, digits)
	}
	counts := make([]int64, shape.countsLen)
	total, err := addHDR(s, digits, counts)
	if err != nil {
		return nil, 0, err
	}
	h := hdrhistogram.Import(&hdrhistogram.Snapshot{LowestTrackableValue: histLow, HighestTrackableValue: histHigh,
		SignificantFigures: int64(digits), Counts: counts})
	return h, total, nil
}

// hdrScratch is one decoding's reusable state: the base64-decoded bytes,
// a zlib reader and the inflated payload. Merging thousands of per-second
// histograms reuses them instead of allocating a counts array and a zlib
// window per histogram.
type hdrScratch struct {
	raw  []byte
	body bytes.Buffer
	zr   io.ReadCloser
	br   bytes.Reader
}

var zlibWriters sync.Pool // of *zlib.Writer at BestSpeed

var hdrScratchPool = sync.Pool{New: func() any { return &hdrScratch{} }}

// addHDR checks one encoded histogram of digits significant digits and
// adds its counts into counts (a counts array of that shape), returning
// its total; counts nil only checks. On an error nothing is added.
func addHDR(s string, digits int, counts []int64) (int64, error) {
	if shape, ok := hdrShapes[digits]; ok && counts != nil && len(counts) != shape.countsLen {
		return 0, fmt.Errorf("%w: %d buckets to add into, want %d", errHDR, len(counts), shape.countsLen)
	}
	var each func(idx int, v int64)
	if counts != nil {
		each = func(idx int, v int64) { counts[idx] += v }
	}
	return walkHDR(s, digits, nil, each)
}

// sparseCounts are a checked histogram's nonzero buckets, kept beside its
// encoding so a merge adds them without inflating it again (16-bit bucket
// indexes and 32-bit counts: 6 bytes a bucket).
type sparseCounts struct {
	idx []uint16
	n   []uint32
}

// sparseHDR checks one encoded histogram like addHDR and returns its
// nonzero buckets, or nil ones when they do not fit the compact form.
func sparseHDR(s string, digits int) (int64, *sparseCounts, error) {
	sp := &sparseCounts{}
	fits := hdrShapes[digits].countsLen <= math.MaxUint16
	total, err := walkHDR(s, digits, func(nonzero int) {
		sp.idx, sp.n = make([]uint16, 0, nonzero), make([]uint32, 0, nonzero)
	}, func(idx int, v int64) {
		if v == 0 || !fits {
			return
		}
		if v > math.MaxUint32 {
			fits = false
			return
		}
		sp.idx = append(sp.idx, uint16(idx))
		sp.n = append(sp.n, uint32(v))
	})
	if err != nil || !fits {
		return total, nil, err
	}
	return total, sp, nil
}

// addTo adds the buckets into counts.
func (sp *sparseCounts) addTo(counts []int64) {
	for i, idx := range sp.idx {
		counts[idx] += int64(sp.n[i])
	}
}

// size is the bytes the buckets hold.
func (sp *sparseCounts) size() int { return 6 * len(sp.idx) }

// walkHDR checks one encoded histogram and, when each is set, calls it
// with every bucket's index and count after the whole histogram checked
// (and pre, if set, first, with the number of nonzero buckets).
func walkHDR(s string, digits int, pre func(nonzero int), each func(idx int, v int64)) (int64, error) {
	shape, ok := hdrShapes[digits]
	if !ok {
		return 0, fmt.Errorf("%w: no histogram has %d significant digits", errHDR, digits)
	}
	if len(s) > shape.maxEncoded {
		return 0, fmt.Errorf("%w: %d characters, more than the %d a histogram can take", errHDR, len(s), shape.maxEncoded)
	}
	sc := hdrScratchPool.Get().(*hdrScratch)
	defer hdrScratchPool.Put(sc)
	need := base64.StdEncoding.DecodedLen(len(s))
	if cap(sc.raw) < need {
		sc.raw = make([]byte, need)
	}
	n0, err := base64.StdEncoding.Decode(sc.raw[:need], []byte(s))
	if err != nil {
		return 0, fmt.Errorf("%w: not base64", errHDR)
	}
	raw := sc.raw[:n0]
	if len(raw) < 8 {
		return 0, fmt.Errorf("%w: %d bytes, shorter than its 8-byte header", errHDR, len(raw))
	}
	if int32(binary.BigEndian.Uint32(raw[0:4]))&^0xf0 != hdrhistogram.V2CompressedEncodingCookieBase {
		return 0, fmt.Errorf("%w: not a compressed V2 HdrHistogram", errHDR)
	}
	n := int64(int32(binary.BigEndian.Uint32(raw[4:8])))
	if n < 0 || n > int64(len(raw)-8) {
		return 0, fmt.Errorf("%w: its compressed length %d does not fit its %d bytes", errHDR, n, len(raw)-8)
	}
	sc.br.Reset(raw[8 : 8+n])
	if sc.zr == nil {
		sc.zr, err = zlib.NewReader(&sc.br)
	} else {
		err = sc.zr.(zlib.Resetter).Reset(&sc.br, nil)
	}
	if err != nil {
		sc.zr = nil
		return 0, fmt.Errorf("%w: %v", errHDR, err)
	}
	limit := int64(hdrHeaderSize + shape.maxPayload)
	sc.body.Reset()
	if _, err := sc.body.ReadFrom(io.LimitReader(sc.zr, limit+1)); err != nil {
		return 0, fmt.Errorf("%w: %v", errHDR, err)
	}
	body := sc.body.Bytes()
	if int64(len(body)) > limit {
		return 0, fmt.Errorf("%w: it expands beyond %d bytes, more than a histogram can hold", errHDR, limit)
	}
	if len(body) < hdrHeaderSize {
		return 0, fmt.Errorf("%w: %d bytes, shorter than its %d-byte header", errHDR, len(body), hdrHeaderSize)
	}
	u32 := func(i int) int64 { return int64(int32(binary.BigEndian.Uint32(body[i:]))) }
	u64 := func(i int) int64 { return int64(binary.BigEndian.Uint64(body[i:])) }
	switch {
	case int32(u32(0))&^0xf0 != hdrhistogram.V2EncodingCookieBase:
		return 0, fmt.Errorf("%w: not a V2 HdrHistogram payload", errHDR)
	case u32(4) != int64(len(body)-hdrHeaderSize):
		return 0, fmt.Errorf("%w: payload length %d, but %d bytes follow", errHDR, u32(4), len(body)-hdrHeaderSize)
	case u32(8) != 0 && u32(8) != 1:
		return 0, fmt.Errorf("%w: normalizing offset %d", errHDR, u32(8))
	case u32(12) != int64(digits):
		return 0, fmt.Errorf("%w: %d significant digits, want %d", errHDR, u32(12), digits)
	case u64(16) != histLow || u64(24) != histHigh:
		return 0, fmt.Errorf("%w: range %d to %d, want %d to %d (microseconds)", errHDR, u64(16), u64(24), histLow, histHigh)
	}
	if r := math.Float64frombits(binary.BigEndian.Uint64(body[32:])); r != 1 && r != 0 {
		return 0, fmt.Errorf("%w: value ratio %g, want 1", errHDR, r)
	}
	// Two passes: check everything, then add, so a bad histogram adds
	// nothing.
	payload := body[hdrHeaderSize:]
	var total int64
	nonzero := 0
	for pass := 0; pass < 2; pass++ {
		if pass == 1 && each == nil {
			break
		}
		if pass == 1 && pre != nil {
			pre(nonzero)
		}
		idx := 0
		for p := payload; len(p) > 0; {
			v, k := zigzag(p)
			if k == 0 {
				return 0, fmt.Errorf("%w: truncated count", errHDR)
			}
			p = p[k:]
			if v < 0 {
				if v == math.MinInt64 || -v > int64(shape.countsLen-idx) {
					return 0, fmt.Errorf("%w: a run of zeros past the end of its buckets", errHDR)
				}
				idx += int(-v)
				continue
			}
			if idx >= shape.countsLen {
				return 0, fmt.Errorf("%w: more counts than buckets", errHDR)
			}
			if pass == 0 {
				if total > math.MaxInt64-v {
					return 0, fmt.Errorf("%w: the counts overflow", errHDR)
				}
				total += v
				if v != 0 {
					nonzero++
				}
			} else {
				each(idx, v)
			}
			idx++
		}
	}
	return total, nil
}

// zigzag reads one ZigZag LEB128 value (at most 9 bytes, the ninth with
// all 8 bits) and returns it with its length; 0 means truncated.
func zigzag(b []byte) (int64, int) {
	var u uint64
	for i := 0; i < 9; i++ {
		if i >= len(b) {
			return 0, 0
		}
		if i == 8 {
			u |= uint64(b[i]) << 56
			return int64(u>>1) ^ -int64(u&1), 9
		}
		u |= uint64(b[i]&0x7f) << (7 * i)
		if b[i]&0x80 == 0 {
			return int64(u>>1) ^ -int64(u&1), i + 1
		}
	}
	return 0, 0 // not reached
}

// encodeHDR writes h (of digits significant digits, histLow to histHigh)
// in the V2 compressed encoding decodeHDR and the HdrHistogram libraries
// read. It makes a handful of allocations per histogram, where the
// library's encoder makes one per bucket.
func encodeHDR(h *hdrhistogram.Histogram, digits int) (string, error) {
	return encodeCounts(h.Export().Counts, digits)
}

// encodeCounts encodes a counts array of a histogram of digits
// significant digits (histLow to histHigh).
func encodeCounts(counts []int64, digits int) (string, error) {
	last := len(counts) - 1
	for last >= 0 && counts[last] == 0 {
		last--
	}
	var payload []byte
	var tmp [10]byte
	put := func(v int64) {
		u := uint64(v<<1) ^ uint64(v>>63)
		n := 0
		for ; n < 8 && u >= 0x80; n++ {
			tmp[n] = byte(u) | 0x80
			u >>= 7
		}
		tmp[n] = byte(u)
		payload = append(payload, tmp[:n+1]...)
	}
	for i := 0; i <= last; i++ {
		if counts[i] != 0 {
			put(counts[i])
			continue
		}
		j := i
		for j <= last && counts[j] == 0 {
			j++
		}
		if j-i == 1 {
			put(0)
		} else {
			put(-int64(j - i))
		}
		i = j - 1
	}
	var head [hdrHeaderSize]byte
	binary.BigEndian.PutUint32(head[0:], uint32(hdrhistogram.V2EncodingCookieBase|0x10))
	binary.BigEndian.PutUint32(head[4:], uint32(len(payload)))
	binary.BigEndian.PutUint32(head[8:], 0)
	binary.BigEndian.PutUint32(head[12:], uint32(digits))
	binary.BigEndian.PutUint64(head[16:], uint64(histLow))
	binary.BigEndian.PutUint64(head[24:], uint64(histHigh))
	binary.BigEndian.PutUint64(head[32:], math.Float64bits(1))
	var z bytes.Buffer
	z.Write(make([]byte, 8)) // cookie and length, filled below
	// A zlib writer holds about a megabyte of compressor state: reuse it.
	zw, _ := zlibWriters.Get().(*zlib.Writer)
	if zw == nil {
		var err error
		if zw, err = zlib.NewWriterLevel(&z, zlib.BestSpeed); err != nil {
			return "", err
		}
	} else {
		zw.Reset(&z)
	}
	defer zlibWriters.Put(zw)
	zw.Write(head[:])
	zw.Write(payload)
	if err := zw.Close(); err != nil {
		return "", fmt.Errorf("loadresult: compress histogram: %w", err)
	}
	b := z.Bytes()
	binary.BigEndian.PutUint32(b[0:], uint32(hdrhistogram.V2CompressedEncodingCookieBase|0x10))
	binary.BigEndian.PutUint32(b[4:], uint32(len(b)-8))
	return base64.StdEncoding.EncodeToString(b), nil
}
