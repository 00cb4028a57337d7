package web

import (
	"net/http"
	"regexp"
	"slices"
)

// The line of real runs, as a waiting visitor sees it: a page names its
// run with a ticket (?ticket= on POST /api/run) and asks GET /api/line
// with it while the answer has not come, so it can say "2 runs ahead"
// instead of a silent "running".

// ticketRe is what a ticket may be: the page makes 16 hex digits.
var ticketRe = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// ticketOf is the request's ticket, or "" when it names none (or a bad one).
func ticketOf(r *http.Request) string {
	t := r.URL.Query().Get("ticket")
	if !ticketRe.MatchString(t) {
		return ""
	}
	return t
}

// holding marks ticket as the run going, and returns the release that
// frees the slot and clears it.
func (s *Server) holding(ticket string) func() {
	s.mu.Lock()
	s.running = ticket
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		if s.running == ticket {
			s.running = ""
		}
		s.mu.Unlock()
		<-s.runSlot
	}
}

// LineJSON is GET /api/line's answer for one ticket: whether its run is
// going, and how many runs are ahead of it (the one going and those
// waiting before it); Waiting is true while it is in line.
type LineJSON struct {
	Running bool `json:"running"`
	Waiting bool `json:"waiting"`
	Ahead   int  `json:"ahead"`
}

func (s *Server) lineAPI(w http.ResponseWriter, r *http.Request) {
	t := ticketOf(r)
	var a LineJSON
	s.mu.Lock()
	switch i := slices.Index(s.line, t); {
	case t != "" && s.running == t:
		a.Running = true
	case t != "" && i >= 0:
		a.Waiting = true
		a.Ahead = i + 1 // the run going, and the ones before it in line
	}
	s.mu.Unlock()
	writeJSON(w, http.StatusOK, a)
}
