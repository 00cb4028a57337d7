package model

import (
	"math/big"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Segment is one generator's share of a load split across machines: the
// half-open interval [From, To) of [0, 1), within a sequence of cut points
// that every generator of the run is given alike (k6 calls these execution
// segments and their sequence).
//
// The single-machine schedule is cut into blocks of D consecutive request
// indices, D the common denominator of the sequence. Within a block,
// request r is placed at the point (r·G mod D)/D of [0, 1), G an integer
// near D/φ coprime with D (a Weyl rotation, so neighbouring requests land
// far apart); a segment owns the requests whose point falls in [From, To).
// So segments that partition [0, 1) along one sequence own every request
// index exactly once, each one's share is exactly its width in every
// block, and each segment's requests are spread over the whole run.
//
// The zero Segment is the whole run. A Segment is immutable once made,
// safe to share between goroutines.
type Segment struct {
	From, To *big.Rat
	// Seq is the sequence of cut points, from 0 to 1, containing From and To.
	Seq []*big.Rat
	p   *segPlan
}

// segPlan is a segment's precomputed block: D, and the positions within a
// block that it owns, in increasing order.
type segPlan struct {
	d   int64
	pos []int64
}

// MaxSegmentDen bounds the common denominator of a segment sequence (the
// block length; the plan holds up to that many positions).
const MaxSegmentDen = 1_000_000

// MaxSegments bounds N in "I/N": more generators than this is a typo.
const MaxSegments = 10_000

// ParseSegment parses "I/N" (the I-th of N equal shares, from 0; its
// sequence is 0, 1/N, ..., 1) or "A:B" (boundaries as fractions or
// decimals: "0:1/3", "1/3:1", "0.5:1"; its sequence is 0, A, B, 1 unless
// WithSequence gives another).
func ParseSegment(s string) (Segment, error) {
	s = strings.TrimSpace(s)
	if a, b, ok := strings.Cut(s, ":"); ok {
		from, ok1 := parseFrac(a)
		to, ok2 := parseFrac(b)
		if !ok1 || !ok2 {
			return Segment{}, parseErr("err.segment.syntax", s)
		}
		zero, one := new(big.Rat), big.NewRat(1, 1)
		if from.Cmp(zero) < 0 || to.Cmp(one) > 0 || from.Cmp(to) >= 0 {
			return Segment{}, parseErr("err.segment.range", s)
		}
		seq := []*big.Rat{zero}
		for _, r := range []*big.Rat{from, to, one} {
			if r.Cmp(seq[len(seq)-1]) > 0 {
				seq = append(seq, r)
			}
		}
		return makeSegment(s, from, to, seq)
	}
	is, ns, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(is)
	n, err2 := strconv.Atoi(ns)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return Segment{}, parseErr("err.segment.syntax", s)
	}
	if n > MaxSegments {
		return Segment{}, parseErr("err.segment.den", s, MaxSegments)
	}
	seq := make([]*big.Rat, n+1)
	for k := range seq {
		seq[k] = big.NewRat(int64(k), int64(n))
	}
	return makeSegment(s, seq[i], seq[i+1], seq)
}

// WithSequence returns s cut along the sequence text ("0,1/4,3/10,5/7,1"),
// which must run from 0 to 1, increase, and contain s's boundaries.
func (s Segment) WithSequence(text string) (Segment, error) {
	var seq []*big.Rat
	for _, f := range strings.Split(text, ",") {
		r, ok := parseFrac(f)
		if !ok {
			return Segment{}, parseErr("err.segment.seq", text)
		}
		seq = append(seq, r)
	}
	return makeSegment(text, s.from(), s.to(), seq)
}

func parseFrac(s string) (*big.Rat, bool) {
	r, ok := new(big.Rat).SetString(strings.TrimSpace(s))
	return r, ok
}

func makeSegment(text string, from, to *big.Rat, seq []*big.Rat) (Segment, error) {
	if len(seq) < 2 || seq[0].Sign() != 0 || seq[len(seq)-1].Cmp(big.NewRat(1, 1)) != 0 {
		return Segment{}, parseErr("err.segment.seq", text)
	}
	hasFrom, hasTo := false, false
	d := big.NewInt(1)
	for i, r := range seq {
		if i > 0 && r.Cmp(seq[i-1]) <= 0 {
			return Segment{}, parseErr("err.segment.seq", text)
		}
		hasFrom = hasFrom || r.Cmp(from) == 0
		hasTo = hasTo || r.Cmp(to) == 0
		g := new(big.Int).GCD(nil, nil, d, r.Denom())
		d.Mul(d, new(big.Int).Div(r.Denom(), g))
		if !d.IsInt64() || d.Int64() > MaxSegmentDen {
			return Segment{}, parseErr("err.segment.den", text, MaxSegmentDen)
		}
	}
	if !hasFrom || !hasTo {
		return Segment{}, parseErr("err.segment.seq", text)
	}
	seg := Segment{From: from, To: to, Seq: seq}
	seg.p = newPlan(d.Int64(), from, to)
	return seg, nil
}

// newPlan places each position r of a block of d at (r·g mod d) and keeps
// those that fall in [from·d, to·d).
func newPlan(d int64, from, to *big.Rat) *segPlan {
	lo := new(big.Rat).Mul(from, big.NewRat(d, 1)).Num().Int64()
	hi := new(big.Rat).Mul(to, big.NewRat(d, 1)).Num().Int64()
	g := weylStep(d)
	p := &segPlan{d: d, pos: make([]int64, 0, hi-lo)}
	for r := int64(0); r < d; r++ {
		if x := (r * g) % d; x >= lo && x < hi {
			p.pos = append(p.pos, r)
		}
	}
	return p
}

// weylStep is the integer nearest d·(φ−1) that is coprime with d.
func weylStep(d int64) int64 {
	if d <= 2 {
		return 1
	}
	g := int64(float64(d)*0.6180339887498949 + 0.5)
	for g > 1 && gcd(g, d) != 1 {
		g--
	}
	return max(g, 1)
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func (s Segment) from() *big.Rat {
	if s.From == nil {
		return new(big.Rat)
	}
	return s.From
}

func (s Segment) to() *big.Rat {
	if s.To == nil {
		return big.NewRat(1, 1)
	}
	return s.To
}

func (s Segment) plan() *segPlan {
	if s.p == nil {
		return &segPlan{d: 1, pos: []int64{0}}
	}
	return s.p
}

// Whole reports whether s is the whole run.
func (s Segment) Whole() bool {
	return s.from().Sign() == 0 && s.to().Cmp(big.NewRat(1, 1)) == 0
}

// Owns reports whether s owns request index n of the whole schedule.
func (s Segment) Owns(n int64) bool {
	p := s.plan()
	r := n % p.d
	i := sort.Search(len(p.pos), func(i int) bool { return p.pos[i] >= r })
	return i < len(p.pos) && p.pos[i] == r
}

// Global is the whole schedule's index of s's k-th request (from 0).
func (s Segment) Global(k int64) int64 {
	p := s.plan()
	m := int64(len(p.pos))
	return (k/m)*p.d + p.pos[k%m]
}

// Count is how many of the whole schedule's first n requests s owns.
func (s Segment) Count(n int64) int64 {
	p := s.plan()
	r := n % p.d
	in := sort.Search(len(p.pos), func(i int) bool { return p.pos[i] >= r })
	return (n/p.d)*int64(len(p.pos)) + int64(in)
}

// Sequence is the cut points' text form ("0,1/3,2/3,1").
func (s Segment) Sequence() string {
	if len(s.Seq) == 0 {
		return "0,1"
	}
	parts := make([]string, len(s.Seq))
	for i, r := range s.Seq {
		parts[i] = r.RatString()
	}
	return strings.Join(parts, ",")
}

// VUs splits n virtual users: s gets users [first, first+count). The cut
// points are floor(From·n) and floor(To·n), so segments that partition
// [0, 1) get every user exactly once.
func (s Segment) VUs(n int) (first, count int) {
	cut := func(r *big.Rat) int {
		x := new(big.Rat).Mul(r, big.NewRat(int64(n), 1))
		return int(new(big.Int).Quo(x.Num(), x.Denom()).Int64())
	}
	a, b := cut(s.from()), cut(s.to())
	return a, b - a
}

// Share is s's width as a float (1 for the whole run).
func (s Segment) Share() float64 {
	f, _ := new(big.Rat).Sub(s.to(), s.from()).Float64()
	return f
}

// String is the "A:B" form ParseSegment takes ("0:1" for the whole run).
func (s Segment) String() string {
	return s.from().RatString() + ":" + s.to().RatString()
}

// MarshalText implements encoding.TextMarshaler: "A:B@sequence", so a
// result file says both its share and what it was cut along.
func (s Segment) MarshalText() ([]byte, error) {
	return []byte(s.String() + "@" + s.Sequence()), nil
}

// UnmarshalText implements encoding.TextUnmarshaler.
func (s *Segment) UnmarshalText(b []byte) error {
	from, seq, _ := strings.Cut(string(b), "@")
	v, err := ParseSegment(from)
	if err == nil && seq != "" {
		v, err = v.WithSequence(seq)
	}
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// Pacer returns the part of the whole schedule p that s sends: its k-th
// request is due when the whole schedule's Global(k)-th is.
func (s Segment) Pacer(p Pacer) Pacer {
	if s.Whole() || p == nil {
		return p
	}
	return segmentPacer{p: p, s: s}
}

type segmentPacer struct {
	p Pacer
	s Segment
}

func (sp segmentPacer) Due(k int64) (time.Duration, bool) { return sp.p.Due(sp.s.Global(k)) }

// CheckPartition reports whether segs cover [0, 1) exactly once along one
// sequence: sorted by From, each starting where the previous ended. The
// error is a *FieldError (field "segments") saying which share is missing
// or doubled, or that the sequences differ.
func CheckPartition(segs []Segment) error {
	if len(segs) == 0 {
		return fieldErr("segments", "err.segment.missing", "0", "1")
	}
	for _, s := range segs[1:] {
		if s.Sequence() != segs[0].Sequence() {
			return fieldErr("segments", "err.segment.seqdiff", segs[0].String(), s.String(), segs[0].Sequence(), s.Sequence())
		}
	}
	sorted := append([]Segment(nil), segs...)
	sort.Slice(sorted, func(a, b int) bool { return sorted[a].from().Cmp(sorted[b].from()) < 0 })
	at := new(big.Rat)
	for _, s := range sorted {
		switch c := s.from().Cmp(at); {
		case c > 0:
			return fieldErr("segments", "err.segment.missing", at.RatString(), s.from().RatString())
		case c < 0:
			return fieldErr("segments", "err.segment.overlap", s.String(), s.from().RatString(), minRat(at, s.to()).RatString())
		}
		at = s.to()
	}
	if at.Cmp(big.NewRat(1, 1)) != 0 {
		return fieldErr("segments", "err.segment.missing", at.RatString(), "1")
	}
	return nil
}

func minRat(a, b *big.Rat) *big.Rat {
	if a.Cmp(b) < 0 {
		return a
	}
	return b
}
