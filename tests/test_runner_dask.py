"""What-if runs on a Dask cluster (issue 7): a LocalCluster of 2 worker processes gives the
same DataFrame as the local run. Needs the ``dask`` extra (``dask[distributed]``)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pandas as pd
import pytest

from italia_kit.analysis import run_whatif
from italia_kit.games.italia.spec import VARIANTS

distributed = pytest.importorskip(
    "distributed",
    reason="dask.distributed is not installed (pip install 'italia_kit[dask]')",
)


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    )
    with cluster, distributed.Client(cluster) as dask_client:
        yield dask_client


def test_a_dask_cluster_gives_the_same_frame_as_the_local_run(client: Any) -> None:
    kwargs: dict[str, Any] = dict(games=2, seed=21, progress=False, skip_failed=True)
    variants = [VARIANTS / "hannibal_plus_2_elephants.yaml"]
    on_dask = run_whatif("italia1", variants, client=client, **kwargs)
    local = run_whatif("italia1", variants, workers=1, **kwargs)
    pd.testing.assert_frame_equal(on_dask.frame, local.frame)
    pd.testing.assert_frame_equal(on_dask.zones, local.zones)
    pd.testing.assert_frame_equal(on_dask.failures, local.failures)
    assert len(local.games) >= 1, local.failures
    # both workers took part
    assert len(client.scheduler_info()["workers"]) == 2
