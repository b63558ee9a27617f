/** What gsnode does with an Error wherever it catches broadly: it escalates it, never swallows it. */
package io.gsnode.libp2p.fatal;
