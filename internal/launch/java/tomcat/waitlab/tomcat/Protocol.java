package waitlab.tomcat;

import java.nio.channels.SocketChannel;
import java.util.concurrent.atomic.LongAdder;
import org.apache.coyote.http11.AbstractHttp11JsseProtocol;
import org.apache.juli.logging.Log;
import org.apache.juli.logging.LogFactory;
import org.apache.tomcat.util.net.NioChannel;
import org.apache.tomcat.util.net.NioEndpoint;

/**
 * Tomcat's NIO HTTP/1.1 connector (what Http11NioProtocol is: this
 * protocol over a NioEndpoint), whose endpoint also counts the connections
 * it accepts: Tomcat keeps the open ones (getConnections) but no count of
 * those accepted, which the report gives as the Go target's does.
 */
public final class Protocol extends AbstractHttp11JsseProtocol<NioChannel> {
    private static final Log LOG = LogFactory.getLog(Protocol.class);
    private final Endpoint endpoint;

    public Protocol() {
        this(new Endpoint());
    }

    private Protocol(Endpoint e) {
        super(e);
        endpoint = e;
    }

    @Override
    protected Log getLog() {
        return LOG;
    }

    @Override
    protected String getNamePrefix() {
        return "http-nio";
    }

    /** Connections accepted since the start. */
    long accepted() {
        return endpoint.accepted.sum();
    }

    /** Connections open now (the endpoint's own set of them). */
    long open() {
        return endpoint.getConnections().size();
    }

    /** The NIO endpoint, counting each socket it accepts before setting it up. */
    static final class Endpoint extends NioEndpoint {
        final LongAdder accepted = new LongAdder();

        @Override
        protected boolean setSocketOptions(SocketChannel socket) {
            accepted.increment();
            return super.setSocketOptions(socket);
        }
    }
}
