# A static waitlab image for generator and collector pods (waitlab kube job).
# Build: docker build -t waitlab:latest .
FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
# Static: no libc in the final image. -trimpath keeps build paths out.
RUN CGO_ENABLED=0 GOOS=linux go build -trimpath -ldflags='-s -w' -o /out/waitlab .

FROM scratch
COPY --from=build /out/waitlab /waitlab
# The UID the Kubernetes manifests ask for (runAsNonRoot).
USER 65532:65532
ENTRYPOINT ["/waitlab"]
