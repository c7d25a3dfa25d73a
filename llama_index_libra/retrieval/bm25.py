"""BM25 exactly as the paper's Appendix F specifies, in numpy.

Lowercase, tokens ``[A-Za-z0-9_]+``, k1 = 1.5, b = 0.75, IDF = ln(1 + (N - df + 0.5) / (df + 0.5)),
and every occurrence of a query term counted (a term repeated in the query weighs more).
The index is a dense term-document matrix of term frequencies: catalogs are thousands of tools,
not millions of documents, so a scipy.sparse CSC matrix keeps memory linear in the postings.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Sequence

import numpy as np
from scipy import sparse

__all__ = ["tokenize", "BM25Index", "TOKEN_PATTERN"]

TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_]+")


def tokenize(text: str) -> list[str]:
    """Lowercased ``[A-Za-z0-9_]+`` tokens, in order."""
    return TOKEN_PATTERN.findall(text.lower())


class BM25Index:
    """A BM25 index over a fixed list of documents (one per tool, in catalog order)."""

    def __init__(self, documents: Sequence[str], *, k1: float = 1.5, b: float = 0.75) -> None:
        if not documents:
            raise ValueError("BM25 needs at least one document")
        self.k1, self.b = float(k1), float(b)
        vocab: dict[str, int] = {}
        rows, cols, vals = [], [], []
        lengths = np.zeros(len(documents), dtype=np.float64)
        for j, doc in enumerate(documents):
            counts = Counter(tokenize(doc))
            lengths[j] = sum(counts.values())
            for term, tf in counts.items():
                rows.append(vocab.setdefault(term, len(vocab)))
                cols.append(j)
                vals.append(tf)
        self.vocab = vocab
        n_docs = len(documents)
        tf = sparse.csr_matrix((np.asarray(vals, np.float64), (rows, cols)), shape=(len(vocab), n_docs))
        df = np.diff(tf.indptr).astype(np.float64)  # documents per term (rows of CSR)
        self.idf = np.log1p((n_docs - df + 0.5) / (df + 0.5))
        avgdl = lengths.mean() if lengths.mean() > 0 else 1.0
        norm = self.k1 * (1.0 - self.b + self.b * lengths / avgdl)  # per document
        # Precompute the saturated tf weight of every posting: tf (k1 + 1) / (tf + norm_d).
        coo = tf.tocoo()
        weights = coo.data * (self.k1 + 1.0) / (coo.data + norm[coo.col])
        self._weights = sparse.csr_matrix((weights, (coo.row, coo.col)), shape=tf.shape)
        self.n_docs = n_docs

    def score(self, query: str) -> np.ndarray:
        """BM25 score of every document for ``query`` (float64, catalog order)."""
        counts = Counter(t for t in tokenize(query) if t in self.vocab)
        scores = np.zeros(self.n_docs, dtype=np.float64)
        if not counts:
            return scores
        ids = np.fromiter((self.vocab[t] for t in counts), dtype=np.int64)
        qtf = np.fromiter(counts.values(), dtype=np.float64)  # repeated query terms counted
        return np.asarray((qtf * self.idf[ids]) @ self._weights[ids]).ravel()
